// What every run is given by the entry point: the log, the clock and chance (both swapped in tests),
// the job's cancel signal, and the redactor every text from outside passes through on its way in.
import type { Clock } from '../shared/time.js';
import type { Log } from '../shared/log.js';
import type { Redactor } from '../shared/redact.js';

export interface RunTools {
  log: Log;
  clock: Clock;
  random: () => number;
  cancel: AbortSignal;
  redactor: Redactor;
}
