import { describe, expect, it } from '@jest/globals';
import { InputError } from '../../src/shared/errors.js';
import type { EventFacts } from '../../src/runner/event.js';
import { INPUT_DEFAULTS, readInputs, summaryWanted, type Inputs } from '../../src/runner/inputs.js';
import { SECRET_INPUTS } from '../../src/runner/credentials.js';
import { createRedactor } from '../../src/shared/redact.js';

const env = { GITHUB_REPOSITORY: 'octo-org/octo-repo', GITHUB_SERVER_URL: 'https://github.com' };
const prEvent: EventFacts = {
  prNumber: 7,
  baseRef: 'main',
  defaultBranch: 'trunk',
  headSha: 'abc',
};

function readAny(inputs: Record<string, string>, event: EventFacts = prEvent, environment: NodeJS.ProcessEnv = env) {
  return readInputs(
    (name) => inputs[name] ?? '',
    environment,
    event,
    createRedactor([inputs['api-token'] ?? '', inputs['api-key'] ?? '']),
  );
}

function read(inputs: Record<string, string>, event?: EventFacts, environment?: NodeJS.ProcessEnv): Inputs {
  const read = readAny(inputs, event, environment);
  if (read.scope !== 'pr') throw new Error(`scope ${read.scope}, not pr`);
  return read;
}
const token = { 'api-token': 'v1-token-value' };

function failure(inputs: Record<string, string>, event?: EventFacts, environment?: NodeJS.ProcessEnv): InputError {
  try {
    readAny(inputs, event, environment);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('no InputError');
}

describe('readInputs', () => {
  it('treats every empty input as its default', () => {
    expect(read(token)).toEqual({
      apiToken: 'v1-token-value',
      githubToken: '',
      foundBy: 'event',
      apiKey: '',
      owner: 'octo-org',
      name: 'octo-repo',
      repoHost: 'github.com',
      pr: 7,
      mergeQueueRun: false,
      targetBranch: 'main',
      eventHeadSha: 'abc',
      apiUrl: 'https://api.trunk.io',
      failIfNotReady: false,
      waitFor: [],
      waitTimeoutMs: 3_600_000,
      pollIntervalMs: 15_000,
      requestTimeoutMs: 30_000,
      retries: 3,
      summary: true,
      scope: 'pr',
    });
  });

  it('takes explicit values over the event', () => {
    const inputs = read({
      ...token,
      repo: 'a/b',
      'repo-host': 'ghe.example.com',
      pr: ' 4294967295 ',
      'target-branch': 'refs/heads/release/1.x',
      'api-url': 'https://proxy.example.com/trunk/',
      'fail-if-not-ready': 'TRUE',
      'wait-for': 'merged, tests_passed  NOT_SUBMITTED',
      'wait-timeout-seconds': '90.5',
      'poll-interval-seconds': '1',
      'request-timeout-seconds': '0.5',
      retries: '0',
      summary: 'False',
    });
    expect(inputs).toMatchObject({
      owner: 'a',
      name: 'b',
      repoHost: 'ghe.example.com',
      pr: 4294967295,
      targetBranch: 'release/1.x',
      apiUrl: 'https://proxy.example.com/trunk',
      failIfNotReady: true,
      waitFor: ['merged', 'tests_passed', 'not_submitted'],
      waitTimeoutMs: 90_500,
      pollIntervalMs: 1000,
      requestTimeoutMs: 500,
      retries: 0,
      summary: false,
    });
  });

  it('takes repo-host from GITHUB_SERVER_URL, and the default branch when the event has no base', () => {
    const inputs = read(
      { ...token, pr: '5' },
      { defaultBranch: 'trunk' },
      { ...env, GITHUB_SERVER_URL: 'https://ghe.corp:8443' },
    );
    expect(inputs.repoHost).toBe('ghe.corp:8443');
    expect(inputs.targetBranch).toBe('trunk');
  });

  it.each(['http://localhost:8080', 'http://127.0.0.1:1/', 'http://[::1]:9', 'https://api.trunk.io'])(
    'accepts api-url %s',
    (url) => {
      expect(read({ ...token, 'api-url': url }).apiUrl).toBe(url.replace(/\/$/, ''));
    },
  );

  it.each([
    ['api-token', { 'api-token': 'a b' }, /^Input 'api-token' contains white space/],
    ['pr', { pr: 'abc' }, /^Input 'pr' must be a pull request number from 1 to 4294967295, got "abc"$/],
    ['pr', { pr: '0' }, /^Input 'pr' must be a pull request number .*, got "0"$/],
    ['pr', { pr: '-1' }, /^Input 'pr' must be a pull request number .*, got "-1"$/],
    ['pr', { pr: '1.5' }, /^Input 'pr' must be a pull request number .*, got "1.5"$/],
    ['pr', { pr: '4294967296' }, /^Input 'pr' must be a pull request number .*, got "4294967296"$/],
    ['repo', { repo: 'just-a-name' }, /^Input 'repo' must be owner\/name, got "just-a-name"$/],
    ['repo', { repo: 'a/b/c' }, /^Input 'repo' must be owner\/name, got "a\/b\/c"$/],
    ['repo', { repo: '/b' }, /^Input 'repo' must be owner\/name/],
    [
      'wait-timeout-seconds',
      { 'wait-timeout-seconds': 'soon' },
      /^Input 'wait-timeout-seconds' must be a number of seconds above 0, got "soon"$/,
    ],
    [
      'wait-timeout-seconds',
      { 'wait-timeout-seconds': '0' },
      /^Input 'wait-timeout-seconds' must be a number of seconds above 0, got "0"$/,
    ],
    [
      'request-timeout-seconds',
      { 'request-timeout-seconds': '1e3' },
      /^Input 'request-timeout-seconds' must be a number of seconds/,
    ],
    [
      'poll-interval-seconds',
      { 'poll-interval-seconds': '0.5' },
      /^Input 'poll-interval-seconds' must be a number of seconds of at least 1, got "0.5"$/,
    ],
    ['retries', { retries: 'many' }, /^Input 'retries' must be a whole number from 0 to 10, got "many"$/],
    ['retries', { retries: '11' }, /^Input 'retries' must be a whole number from 0 to 10/],
    [
      'wait-for',
      { 'wait-for': 'merged, done' },
      /^Input 'wait-for' must list PR states among not_submitted, not_ready, .*, got "merged, done"$/,
    ],
    [
      'fail-if-not-ready',
      { 'fail-if-not-ready': 'yes' },
      /^Input 'fail-if-not-ready' must be true or false, got "yes"$/,
    ],
    ['summary', { summary: '1' }, /^Input 'summary' must be true or false, got "1"$/],
    [
      'api-url',
      { 'api-url': 'http://api.trunk.io' },
      /^Input 'api-url' must use https \(plain http only to localhost.*clear text, got "http:\/\/api.trunk.io"$/,
    ],
    ['api-url', { 'api-url': 'http://10.0.0.1' }, /^Input 'api-url' must use https/],
    ['api-url', { 'api-url': 'api.trunk.io' }, /^Input 'api-url' must be an absolute https URL, got "api.trunk.io"$/],
    ['api-url', { 'api-url': 'ftp://localhost' }, /^Input 'api-url' must use https/],
    [
      'api-url',
      { 'api-url': 'https://user:pw@api.trunk.io' },
      /^Input 'api-url' must not carry credentials; they go in api-token or api-key$/,
    ],
  ])('rejects a bad %s with a message naming it', (input, values, message) => {
    const error = failure({ ...token, ...values });
    expect(error.input).toBe(input);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });

  it('names pr when neither the input nor the event has one', () => {
    expect(failure(token, { defaultBranch: 'main' }).message).toBe(
      "Input 'pr' is empty, this event has no pull request, and there is no commit to look one up by (sha is empty and GITHUB_SHA is not set); set pr to the pull request number, or sha to the commit",
    );
  });

  it('names repo when neither the input nor GITHUB_REPOSITORY has one', () => {
    expect(failure(token, prEvent, {}).input).toBe('repo');
  });

  it('never shows the token in a message, not even cut short', () => {
    const secret = 'a-very-long-secret-token-value';
    const error = failure({ 'api-token': secret, 'api-url': `https://x.example/${'p'.repeat(30)}/${secret}?q` });
    expect(error.message).toMatch(
      /^Input 'api-url' must not have a query or fragment, got "https:\/\/x\.example\/p+\/\*\*\*\?q"$/,
    );
  });
});

describe('credentials', () => {
  const key = 'trunk_v2_k3yK3yk3y';

  it.each([
    [{ 'api-token': 'v1-token-value' }, { apiToken: 'v1-token-value', apiKey: '' }],
    [{ 'api-key': ` ${key}\n` }, { apiToken: '', apiKey: key }],
    [
      { 'api-token': 'v1-token-value', 'api-key': key },
      { apiToken: 'v1-token-value', apiKey: key },
    ],
  ])('%j reads the credentials as given', (values, expected) => {
    expect(read(values)).toMatchObject(expected);
  });

  it.each<Record<string, string>>([{}, { 'api-token': ' ', 'api-key': '\n' }])(
    'with neither (%j), names both and why a fork or Dependabot run has none',
    (values) => {
      const error = failure(values);
      expect(error.message).toBe(
        "Inputs 'api-token' and 'api-key' are both empty: set api-key to a Trunk v2 API key (trunk_v2_…; one with no permissions is enough) or api-token to the v1 organization token, from a secret. GitHub does not give secrets to workflows triggered from forks or by Dependabot (Dependabot runs get only Dependabot secrets).",
      );
      expect(error.input).toBe('api-key');
    },
  );

  it.each([
    [
      'api-token',
      { 'api-token': key },
      "Input 'api-token' holds a Trunk v2 API key (trunk_v2_…); put it in api-key instead: v2 keys work only with the v2 API, and api-token goes to the v1 API",
    ],
    [
      'api-token',
      { 'api-token': 'TRUNK_V2_K3YK3YK3Y', 'api-key': key },
      "Input 'api-token' holds a Trunk v2 API key (trunk_v2_…); put it in api-key instead: v2 keys work only with the v2 API, and api-token goes to the v1 API",
    ],
    [
      'api-key',
      { 'api-key': `Bearer ${key}` },
      "Input 'api-key' must be the key alone, without 'Bearer ': the action writes the Authorization header itself",
    ],
    [
      'api-key',
      { 'api-token': 'v1-token-value', 'api-key': 'v1-token-value' },
      "Input 'api-key' holds the same value as api-token: api-key takes a Trunk v2 API key (trunk_v2_…), api-token the v1 organization token, and neither works in the place of the other",
    ],
    [
      'api-token',
      { 'api-token': 'a b' },
      "Input 'api-token' contains white space or characters a header cannot carry; check the secret",
    ],
    [
      'api-token',
      { 'api-token': 'tok\u0007en', 'api-key': key },
      "Input 'api-token' contains white space or characters a header cannot carry; check the secret",
    ],
    [
      'api-key',
      { 'api-key': `${key}\tx` },
      "Input 'api-key' contains white space or characters a header cannot carry; check the secret",
    ],
    [
      'api-key',
      { 'api-token': 'v1-token-value', 'api-key': `${key}é` },
      "Input 'api-key' contains white space or characters a header cannot carry; check the secret",
    ],
    [
      'api-key',
      { 'api-key': `${key}\u0000` },
      "Input 'api-key' contains white space or characters a header cannot carry; check the secret",
    ],
  ])('rejects a bad %s with its message, never its value', (input, values: Record<string, string>, message) => {
    const error = failure(values);
    expect(error.input).toBe(input);
    expect(error.message).toBe(message);
    for (const value of Object.values(values)) expect(error.message).not.toContain(value.trim());
  });

  it.each([
    ['api-token', { 'api-token': 'false' }, 'is under 8 characters'],
    ['api-token', { 'api-token': 'TRUE', 'api-key': key }, 'is under 8 characters'],
    ['api-token', { 'api-token': '1234567' }, 'is under 8 characters'],
    ['api-key', { 'api-key': 'abc' }, 'is under 8 characters'],
    ['api-token', { 'api-token': '12345678901234567890' }, 'is a number'],
    ['api-key', { 'api-token': 'v1-token-value', 'api-key': '-1.5e300' }, 'is a number'],
  ])('refuses a %s too plain to mask (%j), saying a real one is far longer', (input, values, problem) => {
    const error = failure(values);
    expect(error.input).toBe(input);
    expect(error.message).toBe(
      `Input '${input}' ${problem}: a real token or key is far longer, and masking a value this plain would hide ordinary words and numbers in the log; check the secret it comes from`,
    );
  });

  it('takes a credential of 8 characters that is not a number', () => {
    expect(read({ 'api-token': 'tok-1234' }).apiToken).toBe('tok-1234');
    expect(read({ 'api-key': '12345678x' }).apiKey).toBe('12345678x');
  });

  it('lists each secret input, so the entry point masks them all', () => {
    expect(SECRET_INPUTS).toEqual(['api-token', 'api-key', 'github-token']);
    expect(SECRET_INPUTS.filter((name) => !(name in INPUT_DEFAULTS))).toEqual([]);
  });
});

describe('repo-host', () => {
  it.each([
    ['ghe.example.com:8443', 'ghe.example.com:8443'],
    ['GitHub.com', 'github.com'],
    ['git_host.internal', 'git_host.internal'],
    ['10.0.0.7', '10.0.0.7'],
    ['[::1]:8080', '[::1]:8080'],
  ])('accepts %s as %s', (value, host) => {
    expect(read({ ...token, 'repo-host': value }).repoHost).toBe(host);
  });

  it.each([
    'https://github.com',
    'github.com/',
    'github.com/octo-org',
    'github.com:',
    'github.com:65536',
    'git hub.com',
  ])('rejects %s, saying what a host looks like', (value) => {
    const error = failure({ ...token, 'repo-host': value });
    expect(error.input).toBe('repo-host');
    expect(error.message).toBe(
      `Input 'repo-host' must be a host name, optionally with a port (github.com, ghe.example.com:8443), without a scheme or path, got ${JSON.stringify(value)}`,
    );
  });
});

describe('target-branch', () => {
  it('is taken without its refs/heads/ prefix', () => {
    expect(read({ ...token, 'target-branch': 'refs/heads/release/2.x' }).targetBranch).toBe('release/2.x');
  });

  it('rejects a refs/heads/ prefix with no branch after it', () => {
    const error = failure({ ...token, 'target-branch': ' refs/heads/ ' });
    expect(error.input).toBe('target-branch');
    expect(error.message).toBe(`Input 'target-branch' names no branch after its refs/heads/ prefix, got "refs/heads/"`);
  });

  it.each(['main, release', 'main~1', 'refs/heads/a:b', 'feat[1]', 'back\\slash', 'bell\u0007'])(
    'rejects %j, which git allows in no branch name',
    (value) => {
      const error = failure({ ...token, 'target-branch': value });
      expect(error.input).toBe('target-branch');
      expect(error.message).toBe(
        `Input 'target-branch' must be a branch name (git allows no white space or ~ ^ : ? * [ \\ in one), got ${JSON.stringify(value)}`,
      );
    },
  );
});

describe('api-url', () => {
  it.each([
    ['https://api.trunk.io/v1', 'https://api.trunk.io'],
    ['https://api.trunk.io/V1', 'https://api.trunk.io'],
    ['https://api.trunk.io/v1/', 'https://api.trunk.io'],
    ['https://api.trunk.io/v1/getQueue', 'https://api.trunk.io'],
    ['https://api.trunk.io/v2', 'https://api.trunk.io'],
    ['https://api.trunk.io/v2/pull-requests', 'https://api.trunk.io'],
    ['https://proxy.example.com/trunk/V2/', 'https://proxy.example.com/trunk'],
  ])('rejects %s, which already has an API version, and says what to use', (value, base) => {
    const error = failure({ ...token, 'api-url': value });
    expect(error.input).toBe('api-url');
    expect(error.message).toBe(
      `Input 'api-url' must be the API's base URL, without /v1 or /v2 (the action appends /v1/... and /v2/... itself), got ${JSON.stringify(value)}; use ${JSON.stringify(base)}`,
    );
  });

  it('accepts a path whose parts only look like a version', () => {
    expect(read({ ...token, 'api-url': 'https://proxy.example.com/v1beta/trunk-v2' }).apiUrl).toBe(
      'https://proxy.example.com/v1beta/trunk-v2',
    );
  });
});

describe('durations', () => {
  it.each([
    ['request-timeout-seconds', '16.1', 'requestTimeoutMs', 16_100],
    ['wait-timeout-seconds', '32.3', 'waitTimeoutMs', 32_300],
    ['wait-timeout-seconds', '1.0005', 'waitTimeoutMs', 1001],
    ['wait-timeout-seconds', '1.0004999', 'waitTimeoutMs', 1000],
    ['request-timeout-seconds', '0.0005', 'requestTimeoutMs', 1],
    ['poll-interval-seconds', '2.0005', 'pollIntervalMs', 2001],
    ['poll-interval-seconds', '1.1', 'pollIntervalMs', 1100],
    ['wait-timeout-seconds', '2000000', 'waitTimeoutMs', 2_000_000_000],
  ] as const)('%s %s is %s %i, a whole number of milliseconds', (input, value, field, ms) => {
    const inputs = read({ ...token, [input]: value });
    expect(inputs[field]).toBe(ms);
    // The timers the action arms refuse anything but whole milliseconds.
    expect(() => AbortSignal.timeout(inputs[field])).not.toThrow();
  });

  it.each([
    [
      'request-timeout-seconds',
      '0.0004',
      'Input \'request-timeout-seconds\' must be at least 0.001 seconds (one millisecond), got "0.0004"',
    ],
    [
      'wait-timeout-seconds',
      '0.000',
      'Input \'wait-timeout-seconds\' must be a number of seconds above 0, got "0.000"',
    ],
    [
      'poll-interval-seconds',
      '0.9999',
      'Input \'poll-interval-seconds\' must be a number of seconds of at least 1, got "0.9999"',
    ],
    [
      'wait-timeout-seconds',
      '2000000.001',
      'Input \'wait-timeout-seconds\' must be at most 2000000 seconds, got "2000000.001"',
    ],
  ])('rejects %s %s', (input, value, message) => {
    const error = failure({ ...token, [input]: value });
    expect(error.input).toBe(input);
    expect(error.message).toBe(message);
  });
});

describe('summaryWanted', () => {
  const cases: [string, boolean][] = [
    ['', true],
    ['true', true],
    ['TRUE', true],
    ['false', false],
    [' False\n', false],
    ['FALSE', false],
    // Not a valid boolean: readInputs fails on it, and the failure still shows in a summary.
    ['fAlSe', true],
    ['no', true],
    ['0', true],
  ];

  it.each(cases)('%j → %s', (value, wanted) => {
    expect(summaryWanted((name) => (name === 'summary' ? value : ''))).toBe(wanted);
  });

  it.each(cases)('readInputs agrees on %j, or fails naming summary', (value, wanted) => {
    let summary: boolean | InputError;
    try {
      summary = read({ ...token, summary: value }).summary;
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      summary = error;
    }
    if (summary instanceof InputError) {
      expect(summary.message).toBe(`Input 'summary' must be true or false, got ${JSON.stringify(value)}`);
      expect(wanted).toBe(true);
    } else {
      expect(summary).toBe(wanted);
    }
  });
});

describe('scope: queue', () => {
  const queue = { ...token, scope: 'queue' };
  const schedule: EventFacts = { defaultBranch: 'trunk' };

  it('needs no PR: a schedule event has none, and the branch defaults to the repository default', () => {
    const inputs = readAny(queue, schedule);
    expect(inputs).toMatchObject({ scope: 'queue', targetBranch: 'trunk', stallMinutes: 30 });
    expect(inputs).not.toHaveProperty('pr');
    expect(inputs).not.toHaveProperty('waitFor');
    expect(readAny(queue, {})).toMatchObject({ targetBranch: 'main' });
    expect(readAny({ ...queue, 'target-branch': 'refs/heads/release' }, schedule)).toMatchObject({
      targetBranch: 'release',
    });
  });

  it('does not read pr, and takes the scope in any case', () => {
    expect(readAny({ ...queue, scope: 'Queue', pr: 'not a number' }, prEvent)).toMatchObject({
      scope: 'queue',
      targetBranch: 'trunk',
    });
  });

  it("knows this run and job, for the previous run's verdict; GITHUB_API_URL is checked only when that is read", () => {
    const runner = { ...env, GITHUB_RUN_ID: '9000001', GITHUB_JOB: 'alert', GITHUB_API_URL: 'not a URL' };
    expect(readAny({ ...queue, repo: 'acme/widgets' }, schedule, runner)).toMatchObject({
      runId: 9000001,
      job: 'alert',
      githubApiUrlSet: 'not a URL',
      // The workflow's own repository, whatever queue it reports on.
      workflowRepo: { owner: 'octo-org', name: 'octo-repo' },
      owner: 'acme',
    });
    // Off a runner, or values no runner sets: not known, and nothing is read.
    const odd = readAny(queue, schedule, { ...env, GITHUB_RUN_ID: '12x', GITHUB_JOB: 'al ert' });
    expect(odd).toMatchObject({ runId: undefined, job: undefined });
    expect(readAny(queue, schedule)).toMatchObject({ runId: undefined, job: undefined, githubApiUrlSet: undefined });
    expect(readAny({ ...queue, repo: 'acme/widgets' }, schedule, {})).toMatchObject({ workflowRepo: undefined });
  });

  it('takes stall-minutes as a number of minutes above 0', () => {
    expect(readAny({ ...queue, 'stall-minutes': '2.5' }, schedule)).toMatchObject({ stallMinutes: 2.5 });
    expect(readAny({ ...queue, 'stall-minutes': ' 90 ' }, schedule)).toMatchObject({ stallMinutes: 90 });
  });

  it.each([
    [{ scope: 'repo' }, 'scope', 'must be pr (report one pull request) or queue (report the queue itself), got "repo"'],
    [
      { 'wait-for': 'merged' },
      'wait-for',
      "waits for a pull request's state, but scope is queue, which reads the queue once and has no PR; remove wait-for, or set scope to pr",
    ],
    [{ 'stall-minutes': '0' }, 'stall-minutes', 'must be a number of minutes above 0, got "0"'],
    [{ 'stall-minutes': '-5' }, 'stall-minutes', 'must be a number of minutes above 0, got "-5"'],
    [{ 'stall-minutes': 'half an hour' }, 'stall-minutes', 'must be a number of minutes above 0, got "half an hour"'],
    [{ 'stall-minutes': '10081' }, 'stall-minutes', 'must be at most 10080 minutes (a week), got "10081"'],
  ])('%j fails before any request, in one line naming %s', (values, input, problem) => {
    const error = failure({ ...queue, ...values }, schedule);
    expect(error.input).toBe(input);
    expect(error.message).toBe(`Input '${input}' ${problem}`);
  });

  it('a stall-minutes that is not a number fails with scope pr too: it is a mistake either way', () => {
    expect(failure({ ...token, 'stall-minutes': 'x' }).input).toBe('stall-minutes');
  });

  it('an unreadable event file with no target-branch names GITHUB_EVENT_PATH and target-branch', () => {
    expect(() => readAny(queue, { problem: 'The event file GITHUB_EVENT_PATH (/x) does not exist' })).toThrow(
      'The event file GITHUB_EVENT_PATH (/x) does not exist, so target-branch has no default; set the target-branch input.',
    );
  });
});
