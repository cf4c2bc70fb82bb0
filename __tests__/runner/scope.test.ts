// What `scope` and `stall-minutes` accept, and where `scope: queue` takes its branch from. The
// messages are asserted where the inputs are read (runner/inputs.test.ts); here, the values.
import { describe, expect, it } from '@jest/globals';
import { ActionError, InputError } from '../../src/shared/errors.js';
import { minutes, queueBranch, scope, waitForWithQueue } from '../../src/runner/scope.js';

describe('scope', () => {
  it.each([
    ['pr', 'pr'],
    ['PR', 'pr'],
    ['Queue', 'queue'],
  ])('%s → %s', (raw, value) => {
    expect(scope.safeParse(raw)).toEqual({ success: true, data: value });
  });

  it.each(['', 'prs', ' queue', 'commit'])('rejects %j', (raw) => {
    expect(scope.safeParse(raw).success).toBe(false);
  });
});

describe('stall-minutes', () => {
  it.each([
    ['1', 1],
    ['0.5', 0.5],
    ['007', 7],
    ['10080', 10_080],
  ])('%s → %d', (raw, value) => {
    expect(minutes.safeParse(raw)).toEqual({ success: true, data: value });
  });

  it.each(['0', '0.0', '.5', '5.', '1e3', '-1', '+5', '10080.01', 'Infinity'])('rejects %s', (raw) => {
    expect(minutes.safeParse(raw).success).toBe(false);
  });
});

describe("scope: queue's branch", () => {
  const broken = { problem: 'The event file GITHUB_EVENT_PATH (/x) does not exist', defaultBranch: 'trunk' };

  it('target-branch wins over the default branch, even when the event file could not be read', () => {
    expect(queueBranch('release', { defaultBranch: 'trunk' })).toBe('release');
    expect(queueBranch('release', broken)).toBe('release');
  });

  it("without it: the repository's default branch, else main", () => {
    expect(queueBranch('', { defaultBranch: 'trunk' })).toBe('trunk');
    expect(queueBranch('', {})).toBe('main');
  });

  it('an unreadable event leaves no default to guess: a failure, not main', () => {
    expect(() => queueBranch('', broken)).toThrow(ActionError);
    expect(() => queueBranch('', broken)).not.toThrow(InputError);
  });
});

it('wait-for with scope: queue names wait-for as the input to fix', () => {
  expect(waitForWithQueue()).toMatchObject({ input: 'wait-for' });
  expect(waitForWithQueue()).toBeInstanceOf(InputError);
});
