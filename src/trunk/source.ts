// Which API answers, from the credentials the user gave (the contract's table): the token alone,
// v1; the key alone, v2 for everything; both, v1 decides and v2 tells the story. The core never
// asks: it gets a StatusSource.
import type { RequestContext } from '../http/request.js';
import type { Clock } from '../shared/time.js';
import type { Log } from '../shared/log.js';
import type { Redactor } from '../shared/redact.js';
import { MixedSource } from './mixed-source.js';
import type { StatusSource } from '../core/model.js';
import { V1Source } from './v1/source.js';
import { LazySource } from './lazy-source.js';

/** What the source needs to know: the credentials, where to ask, and about which PR and queue. */
export interface SourceSettings {
  /** The v1 organization token; empty when not set. */
  apiToken: string;
  /** The v2 API key; empty when not set. */
  apiKey: string;
  /** Base URL without a trailing slash. */
  apiUrl: string;
  repoHost: string;
  owner: string;
  name: string;
  targetBranch: string;
  /** Undefined when only the queue is asked about (`readQueue`). */
  pr?: number;
  requestTimeoutMs: number;
  retries: number;
}

export function sourceFor(
  inputs: SourceSettings,
  run: { log: Log; clock: Clock; random: () => number; redactor: Redactor },
): StatusSource {
  const context: RequestContext = {
    requestTimeoutMs: inputs.requestTimeoutMs,
    retries: inputs.retries,
    log: (line) => run.log.info(line),
    clock: run.clock,
    random: run.random,
    redactor: run.redactor,
  };
  const target = {
    apiUrl: inputs.apiUrl,
    host: inputs.repoHost,
    owner: inputs.owner,
    name: inputs.name,
    targetBranch: inputs.targetBranch,
    pr: inputs.pr,
  };
  const v1 = () => new V1Source(context, { ...target, token: inputs.apiToken });
  // v2's adapter loads only on runs with a key (./lazy-source.ts).
  const v2 = (mode: 'best-effort' | 'strict') =>
    new LazySource(async () => {
      const [{ V2Api }, { V2Source }] = await Promise.all([import('./v2/api.js'), import('./v2/source.js')]);
      return new V2Source(new V2Api(context, inputs.apiUrl, inputs.apiKey, mode === 'strict'), target, mode);
    });
  if (inputs.apiToken && inputs.apiKey) return new MixedSource(v1(), v2('strict'), run.clock);
  return inputs.apiKey ? v2('best-effort') : v1();
}
