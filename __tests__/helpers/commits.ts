// Commits, the PRs GitHub lists for them, Trunk's answers and Trunk's history, as data for the
// commit verdict's tests (core/commit-*.ts). Trunk's answers are the simulator's bodies through the
// v1 adapter (./fixtures.ts); GitHub's PRs and the history are written as the adapters leave them.
import { rangeFrom, type CommitRange } from '../../src/core/commit-range.js';
import type { CommitCheck, MergeHistory } from '../../src/core/commit-verdict.js';
import type { PrTimeline } from '../../src/core/history.js';
import type { CommitPr, PrAnswer } from '../../src/core/model.js';
import { found, notFound } from './fixtures.js';

/** The fixed now of these tests. */
export const NOW = Date.parse('2026-11-25T12:00:00Z');

export const minutesAgo = (minutes: number): number => NOW - minutes * 60_000;

/** A full SHA that GitHub shows as `prefix` (its first 7 characters). */
export const sha = (prefix: string): string => prefix.padEnd(40, '0');

/** A PR GitHub shows merged `minutes` ago, its merge making `mergeCommit`. */
export function mergedPr(number: number, mergeCommit: string, minutes = 4): CommitPr {
  return {
    number,
    open: false,
    mergedAt: new Date(minutesAgo(minutes)).toISOString(),
    mergeCommitSha: mergeCommit,
    headSha: sha(`fea${number}`),
    baseRef: 'main',
    updatedAt: new Date(minutesAgo(minutes)).toISOString(),
  };
}

/** An open PR whose head is `head`; GitHub gives it a test merge commit of its own. */
export function openPr(number: number, head: string): CommitPr {
  return { number, open: true, headSha: head, mergeCommitSha: sha(`7e5${number}`), baseRef: 'main' };
}

/** Trunk's answer for PR `number` in `state`; `not_submitted` is getSubmittedPullRequest's 404. */
export function trunkIn(number: number, state: string): PrAnswer {
  if (state === 'not_submitted') return notFound;
  const left = ['merged', 'failed', 'cancelled'].includes(state);
  return found({ prNumber: number, state, isCurrentlySubmittedToQueue: !left });
}

/** Trunk's answers by PR number. */
export const trunk = (...states: Array<[number, string]>): Map<number, PrAnswer> =>
  new Map(states.map(([number, state]) => [number, trunkIn(number, state)]));

/** A PR's trip through the queue, ending merged `minutes` ago with `reason` (none: Trunk sent none). */
export function mergedWith(number: number, reason: string | undefined, minutes = 2): PrTimeline {
  return {
    number,
    transitions: [
      { state: 'pending', atMs: minutesAgo(minutes + 20), failingChecks: [] },
      { state: 'testing', atMs: minutesAgo(minutes + 15), failingChecks: [] },
      { state: 'tests_passed', atMs: minutesAgo(minutes + 1), failingChecks: [] },
      { state: 'merged', atMs: minutesAgo(minutes), reason, failingChecks: [] },
    ],
  };
}

/** Trunk's history as read (api-key). */
export const history = (...timelines: PrTimeline[]): MergeHistory => ({
  kind: 'read',
  timelines: new Map(timelines.map((timeline) => [timeline.number, timeline])),
});

/** v1 alone, or v2 failed beside v1: who merged cannot be known. */
export const UNKNOWABLE: MergeHistory = { kind: 'unknowable' };

/** Commits to check, the tip first: each a SHA and the PR GitHub says brought it in. */
export const checks = (...commits: Array<[string, CommitPr?]>): CommitCheck[] =>
  commits.map(([commit, pr]) => (pr ? { sha: commit, pr } : { sha: commit }));

/** Where the ranges of these tests start: base-sha, given as a commit. */
export const BASE = sha('ba5e000');

/** The tip alone (base-sha none). */
export const TIP_ONLY: CommitRange = { kind: 'tip', why: 'none' };

/** The chain read from GitHub's compare, the tip first, back to BASE. */
export const readOf = (...chain: string[]): CommitRange => ({
  kind: 'read',
  base: BASE,
  chain,
  from: { kind: 'input' },
});

/** base-sha BASE not in the tip's history: GitHub compares them as diverged (a force push). */
export const forcePushed = (tip: string): CommitRange =>
  rangeFrom(BASE, tip, { status: 'diverged', totalCommits: 1, commits: [] }, { kind: 'input' }) as CommitRange;
