// The words guard: what a line a person reads first may not do (a bare code, a code named twice,
// "is tests passed", a code after words that say it) and what a surface may not say twice. Used by
// run/words.test.ts (each scenario but the busiest) and run/words.slow.test.ts (the busiest).
import { expect } from '@jest/globals';
import { RECORD_TITLE } from '../../src/core/verdict-record.js';
import type { InProcessResult } from './in-process.js';

/** A code: snake_case, as the outputs spell states and reasons. */
const CODE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;
/** The PR states, which a line names in parentheses beside their words. */
const STATES = ['not_ready', 'pending', 'testing', 'tests_passed', 'pending_failure', 'merged', 'failed', 'cancelled'];

/** The text a person reads as words: parentheses, code spans, <code> and URLs taken out. */
function wordsOnly(text: string): string {
  let words = text
    .replace(/<code>[^<]*<\/code>/g, '')
    .replace(/`[^`]*`/g, '')
    .replace(/https?:\/\/\S+/g, '');
  // Innermost parentheses first, until none is left.
  for (let before = ''; before !== words;) {
    before = words;
    words = words.replace(/\([^()]*\)/g, '');
  }
  return words;
}

/** What a line may not do: a bare code, a code named twice, "is tests passed", a code after words that say it. */
export function problems(line: string): string[] {
  const found: string[] = [];
  const bare = wordsOnly(line).match(CODE) ?? [];
  // Input names are written with hyphens; a credential's own prefix is quoted as it is.
  for (const code of bare.filter((code) => code !== 'trunk_v2_')) found.push(`bare code ${code}`);
  const codes = line.match(CODE) ?? [];
  for (const code of new Set(codes)) if (codes.filter((c) => c === code).length > 1) found.push(`${code} twice`);
  if (/\bis tests passed\b/i.test(line)) found.push('"is tests passed"');
  return [...found, ...codesAfterWords(line)];
}

/**
 * Codes placed where they do not belong to the words before them: a code beside another that says
 * it ("(failed, state_failed)"), a PR's state after the queue's ("the main queue is paused
 * (pending)"), and a code glued to words outside parentheses ("1 more approving review
 * `review_required`"; a check named in a code span after "check" is a name, not a code).
 */
function codesAfterWords(line: string): string[] {
  const found: string[] = [];
  for (const [, group = ''] of line.matchAll(/\(([^()]*)\)/g)) {
    const items = group.split(/,\s*/);
    for (const item of items) {
      const said = items.find((other) => other !== item && item.endsWith(`_${other}`));
      if (said) found.push(`${item} says ${said} again`);
    }
  }
  for (const [, state = ''] of line.matchAll(/\bqueue is [a-z ]+ \(([^()]*)\)/g)) {
    for (const item of state.split(/,\s*/))
      if (STATES.includes(item)) found.push(`the PR's ${item} after the queue's state`);
  }
  const glued = /[a-z] (?:`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`|<code>([a-z][a-z0-9]*(?:_[a-z0-9]+)+)<\/code>)/g;
  for (const match of line.matchAll(glued)) {
    const before = line.slice(0, match.index + 1);
    if (!/\bchecks?$/.test(before)) found.push(`${match[1] ?? match[2]} glued to words`);
  }
  return found;
}

/** The lines of a run a person reads first: heading, log (not debug), error line, Slack text. */
function linesOf(result: InProcessResult): string[] {
  const heading = /<h2>(.*?)<\/h2>/.exec(result.summary)?.[1] ?? '';
  return [heading, ...logOf(result), result.error ?? '', ...(result.outputs['slack-text'] ?? '').split('\n')].filter(
    Boolean,
  );
}

/**
 * The log as a person reads it: not debug lines, masks, or the verdict left for the next run (data
 * named after the outputs, read by the next run: its format is verdict-record.test.ts's).
 */
function logOf(result: InProcessResult): string[] {
  return result.lines.filter(
    (line) =>
      !line.startsWith('::debug::') &&
      !line.startsWith('::add-mask::') &&
      !line.startsWith(`::notice title=${RECORD_TITLE}::`),
  );
}

/** A summary as the text a person reads: a line per block, entities decoded, the chart left out. */
function summaryText(html: string): string {
  return html
    .replace(/```mermaid[\s\S]*?```/g, '')
    .replace(/<\/(p|li|h2|h3|td|th|tr|summary|ul)>|<br>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/**
 * Words in a row that make a sentence said twice, wherever it stands: a heading, a line, a list's
 * item. Eleven: more than a list says again by design about different things ("failed 1 trip;
 * that PR merged on a later try", of one check and of another).
 */
const SAID_TWICE = 11;

/**
 * What a surface says twice: any eleven words in a row, in words (codes, links and parentheses left
 * out, case and punctuation ignored), and words in parentheses that repeat the words before them
 * ("(Trunk: required check build is failing)").
 */
export function repeated(lines: string[]): string[] {
  const seen = new Map<string, number>();
  lines.forEach((line, at) => {
    const words = wordsOnly(line)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}#%]+/gu, ' ')
      .trim()
      .split(' ')
      .filter(Boolean);
    const mine = new Set<string>();
    for (let i = 0; i + SAID_TWICE <= words.length; i++) mine.add(words.slice(i, i + SAID_TWICE).join(' '));
    for (const run of mine) seen.set(run, seen.has(run) ? -1 : at);
    // Within one line too: its own words said twice.
    const all = words.join(' ');
    for (const run of mine) if (all.indexOf(run) !== all.lastIndexOf(run)) seen.set(run, -1);
  });
  const twice = [...seen].filter(([, at]) => at === -1).map(([run]) => run);
  // Runs that overlap are one sentence: named by its first run.
  const sentences = twice.filter((run, i) => i === 0 || !twice[i - 1]?.includes(run.split(' ').slice(0, -1).join(' ')));
  const said = (text: string) =>
    text
      .toLowerCase()
      .replace(/`|<\/?code>/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const echoes = lines.flatMap((line) =>
    [...line.matchAll(/\((?:[A-Z][a-z]+: )?([^()]{12,})\)/g)]
      .filter((match) => said(line.slice(0, match.index)).endsWith(said(match[1] ?? '')))
      .map((match) => `(${match[1]}) after the same words`),
  );
  return [...sentences.map((run) => `said twice: ${run}`), ...echoes];
}

export function expectClean(result: InProcessResult): void {
  const found = linesOf(result).flatMap((line) => problems(line).map((problem) => `${problem}: ${line}`));
  expect(found).toEqual([]);
  const summary = summaryText(result.summary).split('\n');
  // The summary whole, for codes after words and sentences said twice; its heading for bare codes.
  expect(summary.flatMap((line) => codesAfterWords(line).map((problem) => `${problem}: ${line}`))).toEqual([]);
  expect({
    summary: repeated(summary),
    log: repeated([...logOf(result), result.error ?? '']),
    slack: repeated((result.outputs['slack-text'] ?? '').split('\n')),
  }).toEqual({ summary: [], log: [], slack: [] });
}

/**
 * The scenarios `npm test` sweeps (run/words.test.ts), chosen for the sentences they bring: a paused
 * queue, a failure, a PR not ready, a batch that lost a PR, a merge by hand; a direct push held, a
 * held commit under a later push, a promotion PR and another branch's queue. The slow suite sweeps
 * every other scenario (run/words.slow.test.ts).
 */
export const SAMPLE = new Set([
  'paused',
  'failed',
  'not-ready',
  'batch-left',
  'merged-manually',
  'direct-push',
  'direct-inside-push',
  'promotion-pr',
  'other-queue',
]);
