// The story behind the state, in words, for the summary: why the PR is blocked, why it left the
// queue (with the failing checks as links), the test run testing it, when it should merge, and its
// page in Trunk. Only the v2 API tells it; without one there is nothing to say. Every text in it
// is Trunk's and untrusted: escaped, and linked only when it is an https URL.
import { duration, plainWords, utcClock, withoutStop } from '../shared/format.js';
import { escapeHtml, isLinkable, link, wordsHtml } from './html.js';
import { blockClause, exitReasonWords } from '../core/words/story.js';
import type { BlockReason, ExitStory, Story } from '../core/model.js';
import type { Status } from '../core/status.js';
import { parseTimestamp } from '../shared/time.js';

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
    isLinkable(story.trunkUrl, 'trunk') ? `<li>${link(story.trunkUrl, 'Open this PR in Trunk', 'trunk')}.</li>` : '',
    // What could not be read is said here too, not only in the log.
    ...story.leftOut.map((line) => `<li>ℹ️ ${escapeHtml(line, 500)}</li>`),
  ].filter(Boolean);
  return items.length ? `<h3>The story</h3><ul>${items.join('')}</ul>` : '';
}

function blocked(reasons: BlockReason[] | undefined): string {
  if (!reasons?.length) return '';
  // The clause the error line says, then Trunk's own message when it says more than the clause, and
  // the code in parentheses unless the words already name it (a code this version does not know).
  const each = reasons.map((reason) => {
    const words = blockClause(reason);
    const trunk =
      reason.message && !saysAlready(words, reason.message) ? ` (Trunk: ${escapeHtml(reason.message)})` : '';
    const code = plainWords(words).includes(reason.code) ? '' : ` (<code>${escapeHtml(reason.code)}</code>)`;
    return `<li>${wordsHtml(words)}${trunk}${code}</li>`;
  });
  return `<li>Blocked because:<ul>${each.join('')}</ul></li>`;
}

/** Whether a message says no more than the words: the same words, whatever the code spans and case. */
function saysAlready(words: string, message: string): boolean {
  const bare = (text: string) =>
    plainWords(text)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return bare(words).includes(bare(message));
}

function exitLine(exit: ExitStory, state: string, nowMs: number): string {
  const why = wordsHtml(exitReasonWords(exit.reason));
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
  return ` ${duration((nowMs - ms) / 1000)} ago`;
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
    const inWords = left >= 0 ? `in ${duration(left)}` : `${duration(-left)} ago`;
    const computed =
      estimate.computedAtMs === undefined ? '' : `, estimated at ${utcClock(estimate.computedAtMs, nowMs)}`;
    return `<li>Expected to merge around ${utcClock(estimate.mergeAtMs, nowMs)} (${inWords})${computed}.</li>`;
  }
  if (estimate.status === 'unavailable') {
    return `<li>No merge estimate${estimate.reason ? `: ${escapeHtml(withoutStop(estimate.reason))}` : ''}.</li>`;
  }
  return '';
}
