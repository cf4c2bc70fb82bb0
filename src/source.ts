// Which API answers, from the credentials the user gave (the contract's table). The core never
// asks: it gets a StatusSource.
import type { RequestContext } from './api-request.js';
import type { Clock } from './clock.js';
import type { Inputs } from './inputs.js';
import type { Log } from './log.js';
import type { StatusSource } from './model.js';
import { V1Source } from './v1/source.js';

export function sourceFor(inputs: Inputs, run: { log: Log; clock: Clock; random: () => number }): StatusSource {
  const context: RequestContext = {
    requestTimeoutMs: inputs.requestTimeoutMs,
    retries: inputs.retries,
    log: (line) => run.log.info(line),
    clock: run.clock,
    random: run.random,
  };
  return new V1Source(context, {
    apiUrl: inputs.apiUrl,
    token: inputs.apiToken,
    host: inputs.repoHost,
    owner: inputs.owner,
    name: inputs.name,
    targetBranch: inputs.targetBranch,
    pr: inputs.pr,
  });
}
