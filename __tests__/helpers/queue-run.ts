// scope: queue called directly (reportOnQueue), as runs/queue*.test.ts call it: its inputs against
// the simulator, and in-memory tools on a clock of the test's.
import type { Simulator } from '../../simulator/server.mjs';
import { SIM_BRANCH, SIM_REPO } from '../../simulator/server.mjs';
import type { QueueInputs } from '../../src/runner/inputs.js';
import { createRedactor } from '../../src/shared/redact.js';
import { recorder } from './log-recorder.js';
import { VirtualClock } from './virtual-clock.js';

export function queueTools(clock = new VirtualClock(), cancel = new AbortController().signal) {
  const log = recorder();
  return { lines: log.lines, run: { log, clock, random: () => 0, cancel, redactor: createRedactor([]) } };
}

export function queueInputs(sim: Simulator, overrides: Partial<QueueInputs> = {}): QueueInputs {
  return {
    scope: 'queue',
    apiToken: sim.token,
    apiKey: '',
    githubToken: '',
    apiUrl: sim.url,
    repoHost: SIM_REPO.host,
    owner: SIM_REPO.owner,
    name: SIM_REPO.name,
    targetBranch: SIM_BRANCH,
    failIfNotReady: false,
    requestTimeoutMs: 10_000,
    retries: 0,
    summary: true,
    stallMinutes: 30,
    waitTimeoutMs: 3_600_000,
    minTrips: 10,
    ...overrides,
  };
}
