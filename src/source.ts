// Which API answers, from the credentials the user gave (the contract's table): the token alone,
// v1; the key alone, v2 for everything; both, v1 decides and v2 tells the story. The core never
// asks: it gets a StatusSource.
import type { RequestContext } from './api-request.js';
import type { Clock } from './clock.js';
import type { Inputs } from './inputs.js';
import type { Log } from './log.js';
import { MixedSource } from './mixed-source.js';
import type { StatusSource } from './model.js';
import { V1Source } from './v1/source.js';
import { V2Api } from './v2/api.js';
import { V2Source } from './v2/source.js';

export function sourceFor(inputs: Inputs, run: { log: Log; clock: Clock; random: () => number }): StatusSource {
  const context: RequestContext = {
    requestTimeoutMs: inputs.requestTimeoutMs,
    retries: inputs.retries,
    log: (line) => run.log.info(line),
    clock: run.clock,
    random: run.random,
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
  const v2 = (mode: 'best-effort' | 'strict') =>
    new V2Source(new V2Api(context, inputs.apiUrl, inputs.apiKey, mode === 'strict'), target, mode);
  switch (inputs.api) {
    case 'v1':
      return v1();
    case 'v2':
      return v2('best-effort');
    case 'both':
      return new MixedSource(v1(), v2('strict'), run.clock);
  }
}
