// Where a commit run's range starts, and the commits in it: the contract's "The range a deploy
// ships: the gate remembers". By default (`base-sha: last-success`) the range starts at the commit
// the newest successful run of this workflow on the branch checked, so a commit a gate held stays
// in every later range until a run passes: a person accepts it with a run by hand (base-sha), and
// that run becomes the next last success. Any read of that history that fails holds the gate
// (`unchecked`): a shorter range is never taken silently.
import {
  rangeFrom,
  rangeUnread,
  type BaseFrom,
  type CommitRange,
  type Comparison,
  type PastRun,
} from '../core/commit-range.js';
import { pagingWords } from '../core/words/paging.js';
import { acceptedByBaseLine, lastSuccessWords } from '../core/words/range.js';
import type { GitHubReads, WorkflowRun } from '../github/reads.js';
import { GitHubError } from '../shared/errors.js';
import type { Log } from '../shared/log.js';
import type { CommitInputs } from '../runner/inputs.js';

/** Successful runs compared with the commit, at most, before the gate gives up on finding one in its history. */
const MAX_CANDIDATES = 5;
/** Events whose run's head commit is the default branch's tip, not the commit the run was about. */
const TIP_EVENTS = new Set(['workflow_run', 'check_run', 'check_suite']);
const SHA_IN_TITLE = /\b([0-9a-f]{64}|[0-9a-f]{40})\b/gi;

/** The range, and the comparison it was read from (its commits' times bound the PR list). */
export interface RangeRead {
  range: CommitRange;
  comparison?: Comparison;
}

/** The range of `inputs.lookup.sha`, from wherever base-sha says it starts. */
export async function readRange(
  github: GitHubReads,
  inputs: CommitInputs,
  log: Log,
  signal: AbortSignal,
): Promise<RangeRead> {
  const { base } = inputs;
  const { sha } = inputs.lookup;
  switch (base.kind) {
    // Given by a person (a run by hand that accepts what a gate held): the log says what it accepts.
    case 'none':
      log.info(acceptedByBaseLine(undefined, sha));
      return { range: { kind: 'tip', why: 'none' } };
    case 'sha':
      log.info(acceptedByBaseLine(base.sha, sha));
      return settled(await compared(github, base.sha, sha, { kind: 'input' }, signal), base.sha);
    case 'push':
      if (base.newBranch) return { range: { kind: 'tip', why: 'new-branch' } };
      if (!base.before) return { range: { kind: 'tip', why: 'no-push' } };
      return settled(await compared(github, base.before, sha, { kind: 'push' }, signal), base.before);
    default:
      return lastSuccess(github, inputs, log, signal);
  }
}

type OffLine = { kind: 'off-line'; why: string };

/** The range from `base` up to `head`, as GitHub compares them; a compare that fails is an unchecked range. */
async function compared(
  github: GitHubReads,
  base: string,
  head: string,
  from: BaseFrom,
  signal: AbortSignal,
): Promise<{ range: CommitRange | OffLine; comparison?: Comparison }> {
  if (base === head) return { range: { kind: 'tip', why: 'identical', from } };
  try {
    const comparison = await github.compare(base, head, signal);
    return { range: rangeFrom(base, head, comparison, from), comparison };
  } catch (error) {
    if (error instanceof GitHubError) return { range: rangeUnread(base, error.message) };
    throw error;
  }
}

/** A range read from a base that is not a past run's: never off the line, since any ancestor will do. */
function settled(read: { range: CommitRange | OffLine; comparison?: Comparison }, base: string): RangeRead {
  const { range } = read;
  return range.kind === 'off-line' ? { range: { kind: 'unchecked', base, why: range.why } } : { ...read, range };
}

/**
 * The range since the commit the newest successful run of this workflow on the branch checked
 * (for a tag, on any ref): the runs newest first, each compared with the commit until one
 * ran on its first-parent history. None at all, and no failed run either: the first deploy, from
 * the push's before, else the tip alone. A failed run and no successful one (a gate that held
 * every run so far), or successful runs none of them on that history (a rewritten branch): the
 * gate holds.
 */
async function lastSuccess(
  github: GitHubReads,
  inputs: CommitInputs,
  log: Log,
  signal: AbortSignal,
): Promise<RangeRead> {
  const { lookup, runId, base } = inputs;
  const unchecked = (why: string): RangeRead => ({ range: { kind: 'unchecked', why } });
  if (runId === undefined) return unchecked(lastSuccessWords.noRunId);
  let found: RangeRead | undefined;
  let tried = 0;
  try {
    const workflowId = (await github.run(runId, signal)).workflowId;
    // A tag is no branch: its deploys are this workflow's successful runs on any ref, pushes of
    // tags and the runs by hand that accept what one held alike (those on another line are passed
    // over below, as on a branch).
    const filter = lookup.tag
      ? { status: 'success', excludeRunId: runId }
      : { branch: lookup.commitBranch, status: 'success', excludeRunId: runId };
    const end = await github.eachRun(workflowId, filter, signal, async (run) => {
      const past: PastRun = { id: run.id, ...(run.runNumber === undefined ? {} : { number: run.runNumber }) };
      const checked = checkedCommit(run);
      if (checked === undefined) {
        found = unchecked(lastSuccessWords.untitled(past, run.event));
        return false;
      }
      if (++tried > MAX_CANDIDATES) {
        found = unchecked(lastSuccessWords.tooMany(MAX_CANDIDATES, lookup.sha, lookup.commitBranch));
        return false;
      }
      const read = await compared(github, checked, lookup.sha, { kind: 'last-success', run: past }, signal);
      if (read.range.kind === 'off-line') {
        log.info(lastSuccessWords.skipped(past, checked, read.range.why));
        return true;
      }
      found = settled(read, checked);
      return false;
    });
    if (found) return found;
    if (end.how !== 'last') {
      return unchecked(
        lastSuccessWords.cutShort(pagingWords("GitHub's list of this workflow's runs", end, github.runPages)),
      );
    }
    // Successful runs there were, but none on this commit's line: the branch was rewritten, and the
    // gate cannot tell what was deployed; it holds rather than start afresh.
    if (tried > 0) return unchecked(lastSuccessWords.tooMany(tried, lookup.sha, lookup.commitBranch));
    // None succeeded, but one failed: that gate may have held a commit, which a range from the
    // push's before would leave behind. It holds until a person accepts with base-sha.
    let failed: PastRun | undefined;
    const failedEnd = await github.eachRun(workflowId, { ...filter, status: 'failure' }, signal, (run) => {
      failed = { id: run.id, ...(run.runNumber === undefined ? {} : { number: run.runNumber }) };
      return false;
    });
    if (failed) return unchecked(lastSuccessWords.neverPassed(failed, lookup.tag ? undefined : lookup.commitBranch));
    // A list cut short (the budget, the deadline) is no proof that none failed: no first deploy then.
    if (failedEnd.how !== 'last') {
      return unchecked(
        lastSuccessWords.cutShort(pagingWords("GitHub's list of this workflow's runs", failedEnd, github.runPages)),
      );
    }
  } catch (error) {
    if (error instanceof GitHubError) return unchecked(lastSuccessWords.unread(error.message));
    throw error;
  }
  // No earlier run, successful or failed: the first deploy.
  if (base.kind === 'last-success' && base.newBranch) return { range: { kind: 'tip', why: 'new-branch' } };
  if (base.kind === 'last-success' && base.before) {
    return settled(await compared(github, base.before, lookup.sha, { kind: 'push', first: true }, signal), base.before);
  }
  return { range: { kind: 'tip', why: 'first-deploy' } };
}

/**
 * The commit a run checked: its head, except for a run started by a workflow_run or a check event,
 * whose head is the default branch's tip when it started; its title then names the commit (a
 * `run-name` that names it), or undefined: unknown. A run by hand may have checked an older `sha`
 * than the tip it ran on: a commit its title names is the one it checked.
 */
function checkedCommit(run: WorkflowRun): string | undefined {
  const named = [...(run.displayTitle ?? '').matchAll(SHA_IN_TITLE)].at(-1)?.[1]?.toLowerCase();
  if (TIP_EVENTS.has(run.event)) return named;
  return run.event === 'workflow_dispatch' ? (named ?? run.headSha) : run.headSha;
}
