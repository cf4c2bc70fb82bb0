// The story behind a state, in words: what blocks a PR, and why it left the queue. One clause
// each, so that the error line, the summary and Slack say the same: "it needs 1 more approving
// review, and required check `build` is failing"; "required check `ci/test` failed
// (https://…)". The texts are built from Trunk's codes and fields where this version knows the
// code, and from Trunk's own message otherwise. Check names, logins and messages are Trunk's:
// untrusted until an exit makes them safe; a backtick in one would end its code span, so it is
// replaced.
import type { BlockReason, ExitStory, FailingCheck } from '../model.js';
import { outside, plural } from '../../shared/format.js';

/** A name from Trunk inside a code span: a backtick of its own would end the span. */
function codeSpan(name: string): string {
  return `\`${outside(name.replace(/`/g, "'"))}\``;
}

/** One reason the PR is blocked, as a clause after "PR #1842 is not ready:". */
export function blockClause(reason: BlockReason): string {
  const check = reason.check ? `required check ${codeSpan(reason.check)}` : 'a required check';
  switch (reason.code) {
    case 'conflict':
      return reason.ontoPrNumber ? `it conflicts with PR #${reason.ontoPrNumber}` : 'it has a merge conflict';
    case 'behind':
      return 'it is behind its base branch';
    case 'draft':
      return 'it is a draft';
    case 'closed':
      return 'it is closed';
    case 'pending':
      return 'GitHub is still evaluating it';
    case 'awaiting_check':
      return `${check} has not finished`;
    case 'failing_check':
      return `${check} is failing`;
    case 'review_required': {
      const more = reason.need !== undefined && reason.have !== undefined ? reason.need - reason.have : undefined;
      return more !== undefined && more > 0
        ? `it needs ${plural(more, 'more approving review')}`
        : 'it needs an approving review';
    }
    case 'changes_requested':
      return 'a reviewer requested changes';
    case 'stack_needs_rebase':
      return 'its stack needs a rebase';
    default:
      // A code this version does not know: Trunk's own words, else the code, named as such.
      return reason.message?.trim()
        ? outside(reason.message.trim())
        : `Trunk names a reason this version does not know (${outside(reason.code)})`;
  }
}

/** "A, B, and C" (two: "A, and B", as the contract's examples read). */
export function clauses(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}

/** Each thing that blocks the PR in words, once: a list to join with other reasons into one clause. */
export function blockerItems(reasons: readonly BlockReason[]): string[] {
  return [...new Set(reasons.map(blockClause))];
}

/** Trunk's reasons for a queue entry's last transition, in words. */
const EXIT_REASONS: ReadonlyMap<string, string> = new Map([
  ['test_run_required_status_failed', 'a required check failed in its test run'],
  ['test_run_timeout', 'its test run timed out'],
  ['start_test_run_merge_conflict', 'it conflicted with the PRs ahead when its test branch was built'],
  ['github_api_branch_protection_unmet', "GitHub's branch protection rules were not met when it was to merge"],
  ['pr_closed', 'the PR was closed'],
  ['pr_pushed_to', 'a new commit was pushed to the PR'],
  ['pr_base_branch_changed', 'the PR was retargeted to another branch'],
  ['pr_converted_to_draft', 'the PR was converted to a draft'],
  ['not_ready_timeout_expired', 'it stayed not ready for longer than the queue allows'],
  ['user_requested', 'it was cancelled on request'],
  ['manual_merge', 'it was merged by hand, around the queue'],
]);

/** A reason in words: known ones as a sentence, others as their code in words ("a new reason"). */
export function exitReasonWords(reason: string | undefined): string {
  if (!reason) return 'Trunk gave no reason';
  return EXIT_REASONS.get(reason) ?? `Trunk's reason is one this version does not know (${outside(reason)})`;
}

/** "required check `ci/test` failed (https://…)", "required checks `a` (https://…) and `b` failed". */
function failedChecks(checks: readonly FailingCheck[]): string {
  const link = (check: FailingCheck) => (check.url && /^https:\/\//i.test(check.url) ? ` (${outside(check.url)})` : '');
  const [only] = checks;
  if (checks.length === 1 && only) return `required check ${codeSpan(only.name)} failed${link(only)}`;
  const named = checks.slice(0, 3).map((check) => `${codeSpan(check.name)}${link(check)}`);
  const more = checks.length > 3 ? ` and ${plural(checks.length - 3, 'more')}` : '';
  const list = named.length === 2 && !more ? named.join(' and ') : `${named.join(', ')}${more}`;
  return `required checks ${list} failed`;
}

/** Why the PR left the queue, as a clause after "PR #1842 left the queue:". */
export function exitClause(exit: ExitStory): string {
  if (exit.reason === 'test_run_required_status_failed' && exit.failingChecks.length > 0) {
    return failedChecks(exit.failingChecks);
  }
  const by = exit.actor ? ` by ${outside(exit.actor)}` : '';
  const why = exitReasonWords(exit.reason);
  return exit.failingChecks.length > 0 ? `${why}${by}: ${failedChecks(exit.failingChecks)}` : `${why}${by}`;
}
