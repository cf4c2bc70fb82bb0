// The contract's "Which PR" rules, one by one, on event facts.
import { describe, expect, it } from '@jest/globals';
import { ActionError, InputError } from '../../src/shared/errors.js';
import type { EventFacts } from '../../src/runner/event.js';
import { whichPr } from '../../src/runner/which-pr.js';

const prEvent: EventFacts = {
  prNumber: 5,
  baseRef: 'release/1.x',
  headSha: 'abc',
  defaultBranch: 'develop',
};
const draft: EventFacts = { ...prEvent, prNumber: 9001, baseRef: 'main', headSha: 'draft-sha', mergeQueuePr: 1842 };
const push: EventFacts = { defaultBranch: 'develop', mergeQueuePr: 1842 };
const broken: EventFacts = {
  problem: 'The event file GITHUB_EVENT_PATH (/x) does not exist',
};

describe('whichPr', () => {
  it("1. an explicit pr that is the event's own PR: the event's base branch and head SHA", () => {
    expect(whichPr(5, '', prEvent)).toEqual({
      pr: 5,
      mergeQueueRun: false,
      targetBranch: 'release/1.x',
      eventHeadSha: 'abc',
    });
  });

  it('1. an explicit pr that is another PR: the default branch, and no head SHA', () => {
    expect(whichPr(1842, '', prEvent)).toEqual({
      pr: 1842,
      mergeQueueRun: false,
      targetBranch: 'develop',
      eventHeadSha: undefined,
    });
  });

  it('1. an explicit target-branch wins over the event, as given (readInputs strips refs/heads/)', () => {
    expect(whichPr(5, 'release/2.x', prEvent).targetBranch).toBe('release/2.x');
  });

  it("2. a test run on Trunk's draft PR: the PR under test, the draft's base branch, no head SHA", () => {
    expect(whichPr(undefined, '', draft)).toEqual({
      pr: 1842,
      mergeQueueRun: true,
      targetBranch: 'main',
      eventHeadSha: undefined,
    });
  });

  it('2. a test run by a push: the PR under test and the default branch', () => {
    expect(whichPr(undefined, '', push)).toEqual({
      pr: 1842,
      mergeQueueRun: true,
      targetBranch: 'develop',
      eventHeadSha: undefined,
    });
  });

  it('2. a test run is still one when pr names another PR', () => {
    expect(whichPr(7, '', draft)).toEqual({
      pr: 7,
      mergeQueueRun: true,
      targetBranch: 'develop',
      eventHeadSha: undefined,
    });
  });

  it("3. the event's PR", () => {
    expect(whichPr(undefined, '', prEvent)).toEqual({
      pr: 5,
      mergeQueueRun: false,
      targetBranch: 'release/1.x',
      eventHeadSha: 'abc',
    });
  });

  it('no default branch anywhere: main', () => {
    expect(whichPr(3, '', {}).targetBranch).toBe('main');
  });

  it('no PR at all: an error naming pr', () => {
    expect(() => whichPr(undefined, 'main', {})).toThrow(
      new InputError('pr', 'is empty and this event has no pull request; set pr to the pull request number'),
    );
  });

  it('an unusable event file, when a default needs it: an error naming GITHUB_EVENT_PATH', () => {
    expect(() => whichPr(undefined, 'main', broken)).toThrow(ActionError);
    expect(() => whichPr(undefined, 'main', broken)).toThrow(
      /^The event file GITHUB_EVENT_PATH \(\/x\) does not exist, so the pull request is unknown; set the pr input\.$/,
    );
    expect(() => whichPr(3, '', broken)).toThrow(
      /GITHUB_EVENT_PATH .*, so target-branch has no default; set the target-branch input\.$/,
    );
    expect(whichPr(3, 'main', broken)).toMatchObject({ pr: 3, targetBranch: 'main' });
  });
});
