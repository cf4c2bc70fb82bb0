import { describe, expect, it } from '@jest/globals';
import { InputError } from '../src/errors.js';
import type { EventFacts } from '../src/event.js';
import { readInputs } from '../src/inputs.js';
import { createRedactor } from '../src/redact.js';

const env = { GITHUB_REPOSITORY: 'octo-org/octo-repo', GITHUB_SERVER_URL: 'https://github.com' };
const prEvent: EventFacts = {
  prNumber: 7,
  baseRef: 'main',
  defaultBranch: 'trunk',
  headSha: 'abc',
};

function read(inputs: Record<string, string>, event: EventFacts = prEvent, environment: NodeJS.ProcessEnv = env) {
  return readInputs((name) => inputs[name] ?? '', environment, event, createRedactor(inputs['api-token'] ?? ''));
}
const token = { 'api-token': 'tok' };

function failure(inputs: Record<string, string>, event?: EventFacts, environment?: NodeJS.ProcessEnv): InputError {
  try {
    read(inputs, event, environment);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('no InputError');
}

describe('readInputs', () => {
  it('treats every empty input as its default', () => {
    expect(read(token)).toEqual({
      apiToken: 'tok',
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
    ['api-token', { 'api-token': '' }, /^Input 'api-token' is empty\..*secret.*forks or by Dependabot/],
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
    ['api-url', { 'api-url': 'https://user:pw@api.trunk.io' }, /^Input 'api-url' must not carry credentials/],
    [
      'api-url',
      { 'api-url': 'https://api.trunk.io/v1/' },
      /^Input 'api-url' must be the API's base URL, without \/v1 /,
    ],
  ])('rejects a bad %s with a message naming it', (input, values, message) => {
    const error = failure({ ...token, ...values });
    expect(error.input).toBe(input);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });

  it('names pr when neither the input nor the event has one', () => {
    expect(failure(token, { defaultBranch: 'main' }).message).toBe(
      "Input 'pr' is empty and this event has no pull request; set pr to the pull request number",
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
