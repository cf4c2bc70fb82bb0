// One test per fault, through the committed dist: exit code, the one error line, request count.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { runAction } from '../simulator/runner.mjs';
import { startSimulator, type Simulator, type Step } from '../simulator/server.mjs';
import { queueBody } from './fixtures.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(() => sim.close());

const html = '<!DOCTYPE html><html><body>403 Forbidden</body></html>';
const { mode: _mode, ...missingMode } = { ...queueBody(), enqueuedPullRequests: [] };

// [fault, steps for getQueue, exit code, error line (or null), getQueue requests] with retries 1.
const faults: Array<[string, Step[], number, RegExp | null, number]> = [
  [
    '401',
    [{ status: 401, body: 'Unauthorized' }],
    1,
    /the token was refused \(HTTP 401: Unauthorized\)\. Check that the api-token input/,
    1,
  ],
  ['403 with an HTML body', [{ status: 403, body: html }], 1, /the token was refused \(HTTP 403: an HTML page\)/, 1],
  [
    '404 on getQueue',
    [{ status: 404, body: 'Not Found' }],
    1,
    /there is no merge queue for octo-org\/octo-repo on branch "main"/,
    1,
  ],
  [
    '400',
    [{ status: 400, body: 'targetBranch is required' }],
    1,
    /the request was rejected \(HTTP 400: targetBranch is required\)/,
    1,
  ],
  ['429 with Retry-After seconds, then success', [{ status: 429, headers: { 'retry-after': '1' } }], 0, null, 2],
  [
    '429 with Retry-After as a date, then success',
    [{ status: 429, headers: { 'retry-after': new Date(Date.now() + 1000).toUTCString() } }],
    0,
    null,
    2,
  ],
  ['429 without Retry-After, then success', [{ status: 429 }], 0, null, 2],
  ['500, then success', [{ status: 500, body: 'oops' }], 0, null, 2],
  ['502, then success', [{ status: 502 }], 0, null, 2],
  ['503, then success', [{ status: 503 }], 0, null, 2],
  ['504, then success', [{ status: 504 }], 0, null, 2],
  [
    '429 persistent',
    [{ status: 429, times: Infinity }],
    1,
    /^Trunk API getQueue: HTTP 429 \(rate limited\) \(after 2 attempts\)$/,
    2,
  ],
  [
    '500 persistent',
    [{ status: 500, body: 'oops', times: Infinity }],
    1,
    /^Trunk API getQueue: HTTP 500: oops \(after 2 attempts\)$/,
    2,
  ],
  ['502 persistent', [{ status: 502, times: Infinity }], 1, /^Trunk API getQueue: HTTP 502 \(after 2 attempts\)$/, 2],
  ['503 persistent', [{ status: 503, times: Infinity }], 1, /^Trunk API getQueue: HTTP 503 \(after 2 attempts\)$/, 2],
  ['504 persistent', [{ status: 504, times: Infinity }], 1, /^Trunk API getQueue: HTTP 504 \(after 2 attempts\)$/, 2],
  [
    'a hang past the request timeout',
    [{ hang: true, times: Infinity }],
    1,
    /^Trunk API getQueue: no answer within 1 s \(after 2 attempts\)$/,
    2,
  ],
  [
    'a reset connection',
    [{ reset: true, times: Infinity }],
    1,
    /^Trunk API getQueue: connection failed \(ECONNRESET\) \(after 2 attempts\)$/,
    2,
  ],
  [
    'a body cut off mid-JSON',
    [{ truncate: true, times: Infinity }],
    1,
    /^Trunk API getQueue: the connection closed before the whole answer arrived \(after 2 attempts\)$/,
    2,
  ],
  [
    'an HTML 200',
    [{ status: 200, body: '<html><body>hi</body></html>' }],
    1,
    /^Trunk API getQueue: answered HTTP 200 with a body that is not JSON: an HTML page$/,
    1,
  ],
  [
    'a missing required field',
    [{ status: 200, body: missingMode }],
    1,
    /^Trunk API getQueue: the answer does not fit the API: required field "mode" is missing$/,
    1,
  ],
  [
    'a wrong type',
    [{ status: 200, body: { ...queueBody({ batch: 'no' }), enqueuedPullRequests: [] } }],
    1,
    /^Trunk API getQueue: the answer does not fit the API: field "batch" should be boolean but is string "no"$/,
    1,
  ],
  [
    'a 50 MB body',
    [{ bytes: 50 * 1024 * 1024 }],
    1,
    /^Trunk API getQueue: the answer is larger than 16 MiB, more than any real queue needs; refused$/,
    1,
  ],
];

describe('faults through the committed dist', () => {
  it.each(faults)('%s', async (_name, steps, code, message, requests) => {
    sim.script('getQueue', steps);
    const result = await runAction({
      inputs: { 'api-token': sim.token, 'api-url': sim.url, retries: '1', 'request-timeout-seconds': '1' },
    });
    expect(result.code).toBe(code);
    const errors = result.stdout.split('\n').filter((line) => line.startsWith('::error::'));
    if (message) {
      expect(errors).toHaveLength(1);
      expect(errors[0]?.slice('::error::'.length)).toMatch(message);
      expect(result.stdout + result.stderr).not.toMatch(/^\s+at /m);
    } else {
      expect(errors).toEqual([]);
      expect(result.outputs.state).toBe('testing');
      expect(result.stdout).toMatch(/getQueue: HTTP \d{3}.*; retry 1 of 1 in \d+\.\d s/);
    }
    expect(sim.count('getQueue')).toBe(requests);
  });

  it('a 404 on getSubmittedPullRequest is an answer, not a fault', async () => {
    sim.script('getSubmittedPullRequest', [{ status: 404, body: 'Not Found' }]);
    const result = await runAction({ inputs: { 'api-token': sim.token, 'api-url': sim.url } });
    expect(result.code).toBe(0);
    expect(result.outputs.state).toBe('not_submitted');
    expect(sim.count('getSubmittedPullRequest')).toBe(1);
  });

  it('connection refused', async () => {
    const url = sim.url;
    await sim.close();
    const result = await runAction({ inputs: { 'api-token': 'x', 'api-url': url, retries: '1' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^::error::Trunk API getSubmittedPullRequest: connection failed \(ECONNREFUSED\) \(after 2 attempts\)$/m,
    );
    sim = await startSimulator();
  });
});
