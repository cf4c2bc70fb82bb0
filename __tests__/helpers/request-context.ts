// What an adapter's requests run with in a direct test: a short timeout, one retry, a silent log,
// a virtual clock and no jitter; a test changes what it is about.
import type { RequestContext } from '../../src/http/request.js';
import { VirtualClock } from './virtual-clock.js';
import { createRedactor } from '../../src/shared/redact.js';

export function requestContext(overrides: Partial<RequestContext> = {}): RequestContext {
  return {
    requestTimeoutMs: 5000,
    retries: 1,
    log: () => undefined,
    clock: new VirtualClock(),
    random: () => 0,
    redactor: createRedactor([]),
    ...overrides,
  };
}
