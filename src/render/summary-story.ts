// The story behind the state, in words, for the summary: why the PR is blocked, why it left the
// queue (with the failing checks as links), the test run testing it, when it should merge, and its
// page in Trunk. Only the v2 API tells it; without one there is nothing to say. Every text in it
// is Trunk's and untrusted: escaped, and linked only when it is an https URL.
import { humanSpan, utcClock, withoutStop } from '../shared/format.js';
import { escapeHtml, link } from './html.js';
import type { BlockReason, ExitStory, Story } from '../core/model.js';
import type { Status } from '../core/status.js';
import { parseTimestamp } from '../shared/time.js';

/** Trunk's reasons for a queue entry's last transition, in words; others show as their code. */
const EXIT_REASONS: ReadonlyMap<string, string> = new Map([
  ['test_run_required_status_failed', 'a required check failed in its test run'],
  ['test_run_timeout', 'its test run timed out'],
  ['start_test_run_merge_conflict', 'it conflicted with the PRs ahead when its test branch was built'],
  ['github_api_branch_protection_unmet', "GitHub's branch protection rules were not met when it was to merge"],
  ['pr_closed', 'the PR was closed'],
  ['pr_pushed_to', 'a new commit was pushed to the PR'],
  ['pr_base_branch_changed', 'the PR was retargeted to another branch'],
  ['not_ready_timeout_expired', 'it stayed not ready for longer than the queue allows'],
  ['user_requested', 'it was cancelled on request'],
]);

/** Words for block reasons Trunk sent without a message. */
const BLOCK_REASONS: ReadonlyMap<string, string> = new Map([
  ['conflict', 'it has a merge conflict'],
  ['behind', 'it is behind its base branch'],
  ['draft', 'it is a draft'],
  ['closed', 'it is closed'],
  ['pending', 'GitHub is still evaluating it'],
  ['awaiting_check', 'a required check has not finished'],
  ['failing_check', 'a required check is failing'],
  ['review_required', 'it needs an approving review'],
  ['changes_requested', 'a reviewer requested changes'],
  ['stack_needs_rebase', 'its stack needs a rebase'],
]);

export function storySection(status: Status, nowMs: number): string {
  const story = status.story;
  if (!story) return '';
  const items = [
    blocked(story.blockReasons),
    story.exit ? exitLine(story.exit, status.state, nowMs) : '',
    testRunLine(story),
    estimateLine(story, nowMs),
    story.directlyAhead?.length
      ? `<li>Waits directly for ${story.directlyAhead.map((n) => `#${escapeHtml(n)}`).join(', ')}.</li>`
      : '',
    story.trunkUrl ? `<li>${link(story.trunkUrl, 'Open this PR in Trunk')}.</li>` : '',
    // What could not be read is said here too, not only in the log.
    ...story.leftOut.map((line) => `<li>ℹ️ ${escapeHtml(line, 500)}</li>`),
  ].filter(Boolean);
  return items.length ? `<h3>The story</h3><ul>${items.join('')}</ul>` : '';
}

function blocked(reasons: BlockReason[] | undefined): string {
  if (!reasons?.length) return '';
  const each = reasons.map((reason) => {
    const words = reason.message
      ? escapeHtml(reason.message)
      : escapeHtml(BLOCK_REASONS.get(reason.code) ?? reason.code);
    const check =
      reason.check && !reason.message?.includes(reason.check)
        ? ` (check <code>${escapeHtml(reason.check)}</code>)`
        : '';
    return `<li>${words}${check} <code>${escapeHtml(reason.code)}</code></li>`;
  });
  return `<li>Blocked because:<ul>${each.join('')}</ul></li>`;
}

function exitLine(exit: ExitStory, state: string, nowMs: number): string {
  const why = exit.reason
    ? escapeHtml(EXIT_REASONS.get(exit.reason) ?? exit.reason.replace(/_/g, ' '))
    : 'Trunk gave no reason';
  const by = exit.actor ? ` by ${escapeHtml(exit.actor)}` : '';
  const when = exit.at ? whenText(exit.at, nowMs) : '';
  const verb = state === 'pending_failure' ? 'Held as failing' : 'Left the queue';
  const parts = [`${verb}${by}${when}: ${why}.`];
  if (exit.message) parts.push(` ${escapeHtml(exit.message, 500)}`);
  if (exit.failingChecks.length) {
    const checks = exit.failingChecks.slice(0, 20).map((check) => {
      const name = `<code>${escapeHtml(check.name)}</code>`;
      const conclusion = check.conclusion ? ` (${escapeHtml(check.conclusion)})` : '';
      return `${link(check.url, name)}${conclusion}`;
    });
    const more = exit.failingChecks.length > 20 ? ` and ${exit.failingChecks.length - 20} more` : '';
    parts.push(` Failing: ${checks.join(', ')}${more}.`);
  }
  if (exit.conflict) {
    const { kind, number, url } = exit.conflict;
    const what = number === undefined ? escapeHtml(kind.replace(/_/g, ' ')) : `PR #${escapeHtml(number)}`;
    parts.push(` Conflicts with ${link(url, what)}.`);
  }
  return `<li>${parts.join('')}</li>`;
}

function whenText(at: string, nowMs: number): string {
  const ms = parseTimestamp(at);
  if (ms === undefined) return '';
  return ` ${humanSpan((nowMs - ms) / 1000)} ago`;
}

function testRunLine({ testRun }: Story): string {
  if (!testRun) return '';
  const status = escapeHtml(testRun.status.replace(/_/g, ' '));
  return `<li>${link(testRun.url, 'Test run')}: ${status}.</li>`;
}

function estimateLine({ estimate }: Story, nowMs: number): string {
  if (!estimate || estimate.status === 'not_enabled') return '';
  if (estimate.mergeAtMs !== undefined) {
    const left = (estimate.mergeAtMs - nowMs) / 1000;
    const inWords = left >= 0 ? `in ${humanSpan(left)}` : `${humanSpan(-left)} ago`;
    const computed =
      estimate.computedAtMs === undefined ? '' : `, estimated at ${utcClock(estimate.computedAtMs, nowMs)}`;
    return `<li>Expected to merge around ${utcClock(estimate.mergeAtMs, nowMs)} (${inWords})${computed}.</li>`;
  }
  if (estimate.status === 'unavailable') {
    return `<li>No merge estimate${estimate.reason ? `: ${escapeHtml(withoutStop(estimate.reason))}` : ''}.</li>`;
  }
  return '';
}
