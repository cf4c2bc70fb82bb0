// The job summary of a run about a commit, for a person who opened a deploy gate to ask "did this
// commit come through the merge queue?": the verdict in one sentence first, how the PR was found,
// each commit checked and what it came with, what clears each reason, then the tip's PR and the
// queue. Pure: the clock is an argument; every text from outside goes through escapeHtml.
import type { CommitRange } from '../core/commit-range.js';
import type { CommitVerdict } from '../core/commit-verdict.js';
import { acceptWords, commitLine, commitSentence, type CommitWordsContext } from '../core/words/commit.js';
import { rangeSentence } from '../core/words/range.js';
import { UNKNOWABLE_NOTICE } from '../core/commit-report.js';
import type { QueueAnswer } from '../core/model.js';
import type { Status } from '../core/status.js';
import { stateWords } from '../core/words/states.js';
import { describeReason, fixForReason } from '../core/words/reasons.js';
import { COMMIT_REASONS } from '../core/verdict.js';
import { shortSha } from '../shared/format.js';
import { escapeHtml, pullRequestLink, wordsHtml } from './html.js';
import { entriesTable, settingsTable } from './queue-tables.js';

export interface CommitSummaryInput {
  sha: string;
  /** The queue's branch. */
  branch: string;
  repo: string;
  serverUrl: string;
  /** The tip's PR, its title and author as Trunk sent them, and the commit's verdict. */
  status?: Status;
  tipPr?: number;
  verdict?: CommitVerdict;
  queue?: QueueAnswer;
  range: CommitRange;
  context: CommitWordsContext;
  failure?: string;
  nowMs: number;
}

export function renderCommitSummary(input: CommitSummaryInput): string {
  const { verdict, failure } = input;
  const parts: string[] = [];
  if (!verdict) {
    parts.push(`<h2>❌ Whether commit ${shortSha(input.sha)} came through the merge queue is unknown</h2>`);
    if (failure) parts.push(`<p>❌ ${escapeHtml(failure, 1000)}</p>`);
    return `${parts.join('\n')}\n`;
  }
  const icon = verdict.ready && failure === undefined ? '✅' : '❌';
  parts.push(`<h2>${icon} ${wordsHtml(commitSentence(verdict, input.context))}</h2>`);
  if (failure) parts.push(`<p>❌ ${escapeHtml(failure, 1000)}</p>`);
  parts.push(foundLine(input), commitsList(input, verdict), reasonsList(verdict));
  const accept = verdict.ready ? undefined : acceptWords(verdict, input.context);
  if (accept) parts.push(`<p>${wordsHtml(accept)}.</p>`);
  if (verdict.findings.some((found) => found.merge?.by === 'unknowable')) {
    parts.push(`<p>ℹ️ ${wordsHtml(UNKNOWABLE_NOTICE)}</p>`);
  }
  parts.push(tipPr(input));
  if (input.queue) {
    const link = (prNumber: number, label: string) => pullRequestLink(input.serverUrl, input.repo, prNumber, label);
    const own = input.status && {
      number: input.status.prNumber,
      position: input.status.position,
      facts: input.status.pr,
    };
    parts.push(
      entriesTable({ queue: input.queue.queue, nowMs: input.nowMs, link, own }),
      settingsTable(input.queue.queue),
    );
  }
  // An empty part would leave a blank line, which ends the HTML block in Markdown.
  return `${parts.filter(Boolean).join('\n')}\n`;
}

/** "GitHub lists PR #1842 as the pull request that brought commit abc1234 into main." */
function foundLine(input: CommitSummaryInput): string {
  const commit = `<code>${escapeHtml(input.sha)}</code>`;
  const where = `${escapeHtml(input.repo)}, queue ${escapeHtml(input.branch)}`;
  if (input.tipPr === undefined)
    return `<p>GitHub lists no pull request that brought commit ${commit} into ${where}.</p>`;
  const pr = pullRequestLink(input.serverUrl, input.repo, input.tipPr, `PR #${input.tipPr}`);
  return `<p>GitHub lists ${pr} as the pull request that brought commit ${commit} in (${where}).</p>`;
}

/** Each commit checked, when there are several, and how the range was read. */
function commitsList(input: CommitSummaryInput, verdict: CommitVerdict): string {
  const checked = verdict.findings.length;
  const how = rangeSentence(input.range, checked, input.branch);
  const said = how ? `<p>${wordsHtml(how)}.</p>` : '';
  if (checked === 1) return said;
  const items = verdict.findings.map(
    (found) => `<li>${found.fault ? '❌' : '✅'} ${wordsHtml(commitLine(found, input.context), 500)}</li>`,
  );
  return `${said}<ul>${items.join('')}</ul>`;
}

const isCommitReason = (code: string) => (COMMIT_REASONS as readonly string[]).includes(code);

function reasonsList(verdict: CommitVerdict): string {
  if (verdict.ready) return '';
  const items = verdict.reasons.map((code) => {
    // The PR's own codes say where Trunk has it; their fixes ("submit it") are for a PR not yet
    // merged, and this one is: only the commit's reasons say what clears the gate.
    const fix = isCommitReason(code) ? fixForReason(code) : undefined;
    return `<li>${wordsHtml(describeReason(code))} (<code>${escapeHtml(code)}</code>)${fix ? `: ${wordsHtml(fix)}` : ''}</li>`;
  });
  return `<p>Why the gate holds, and what clears it:</p><ul>${items.join('')}</ul>`;
}

/** The tip's PR, as Trunk has it. */
function tipPr(input: CommitSummaryInput): string {
  const { status } = input;
  if (!status) return '';
  const { pr } = status;
  const label = pr?.title ? `#${status.prNumber} ${escapeHtml(pr.title)}` : `#${status.prNumber}`;
  const author = pr?.author ? ` by ${escapeHtml(pr.author)}` : '';
  const link = pullRequestLink(input.serverUrl, input.repo, status.prNumber, label);
  return `<p>${link}${author}: in Trunk, ${wordsHtml(stateWords(status.state))}.</p>`;
}
