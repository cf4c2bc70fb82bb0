// Every sentence a person reads first, for every scenario the demo offers (each Trunk scenario
// for a PR and for the queue, through v1 and v2; each GitHub scenario for a push): the summary's
// heading, every log line, the error line and the Slack text. None shows a code outside
// parentheses or a code span, none names one code twice, and none says "is tests passed". And on
// each surface (the summary, the log with its error line, the Slack text) each sentence is said
// once, and no code comes after words that already say it.
import { describe, expect, it } from '@jest/globals';
import { GITHUB_SCENARIOS, SCENARIOS, SIM_BASE_SHA } from '../../simulator/server.mjs';
import { RECORD_TITLE } from '../../src/core/verdict-record.js';
import { runInProcess, type InProcessResult } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';

const sim = useSimulator({}, 'all');

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
function problems(line: string): string[] {
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
function repeated(lines: string[]): string[] {
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

function expectClean(result: InProcessResult): void {
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

const credentials = {
  v1: () => ({ 'api-token': sim.token }),
  v2: () => ({ 'api-key': sim.apiKey }),
};

describe.each(['v1', 'v2'] as const)('through %s', (api) => {
  it.each(Object.keys(SCENARIOS))('%s, about a PR and about the queue', async (scenario) => {
    for (const scope of ['pr', 'queue']) {
      sim.useScenario(scenario);
      const result = await runInProcess({
        inputs: {
          ...credentials[api](),
          'api-url': sim.url,
          scope,
          'fail-if-not-ready': 'true',
          ...(scope === 'queue' && /week/.test(scenario) ? { window: api === 'v2' ? '7d' : '1h' } : {}),
          ...(scenario === 'merging' && scope === 'pr' ? { 'wait-for': 'merged', 'poll-interval-seconds': '1' } : {}),
        },
        ...(scope === 'queue' ? { eventName: 'schedule', event: { repository: { default_branch: 'main' } } } : {}),
      });
      expectClean(result);
    }
  });
});

describe('a push, checked commit by commit', () => {
  const pushes = Object.entries(GITHUB_SCENARIOS).filter(([, scenario]) => !scenario.faults);
  it.each(pushes.map(([name]) => name))('%s', async (name) => {
    sim.useScenario(name === 'twenty-prs' ? 'twenty-merged' : name === 'sixty-prs' ? 'sixty-merged' : 'merged');
    sim.useGitHubScenario(name);
    const { sha, before } = sim.gitHubScenario();
    const result = await runInProcess({
      eventName: 'push',
      event: {
        ref: 'refs/heads/main',
        before: before ?? SIM_BASE_SHA,
        after: sha,
        repository: { default_branch: 'main' },
      },
      inputs: {
        'api-key': sim.apiKey,
        'api-url': sim.url,
        'github-token': sim.githubToken,
        'fail-if-not-ready': 'true',
      },
      env: { GITHUB_API_URL: sim.url, GITHUB_SHA: sha, GITHUB_REF: 'refs/heads/main', GITHUB_RUN_ID: '9000001' },
    });
    expectClean(result);
  });
});

describe('the check itself', () => {
  it.each([
    ['PR #1842 is not_ready', ['bare code not_ready']],
    ['PR #1842 is waiting (not_ready)', []],
    ['not ready (not_submitted), not ready (not_submitted)', ['not_submitted twice']],
    ['PR #1842 is tests passed, merging', ['"is tests passed"']],
    ['required check `build_all` is failing', []],
    ['PR #1842 left the queue: the queue failed it (failed, state_failed).', ['state_failed says failed again']],
    ['PR #1842 is waiting, ready; the main queue is paused (pending).', ["the PR's pending after the queue's state"]],
    ['Queue main is paused (queue_paused).', []],
    ['it needs 1 more approving review `review_required`', ['review_required glued to words']],
    ['it needs 1 more approving review (<code>review_required</code>)', []],
  ])('%j', (line, expected) => {
    expect(problems(line)).toEqual(expected);
  });

  it.each([
    [
      [
        'Queue main is paused: nothing merges and no new test run starts until it resumes',
        'the queue is paused: nothing merges and no new test run starts until it resumes (queue_paused)',
      ],
      ['said twice: is paused nothing merges and no new test run starts until'],
    ],
    // Short sentences about different things, and a clause shared by items about different checks.
    [['PR #1842 is merged, ready; 3 s waited', 'PR #1842 is merged, ready, not listed in the queue'], []],
    [
      [
        '`lint` failed 3 trips; 1 of those PRs merged on a later try',
        '`build` failed 2 trips; 1 of those PRs merged on a later try',
      ],
      [],
    ],
    [
      ['required check `build` is failing (Trunk: required check build is failing)'],
      ['(required check build is failing) after the same words'],
    ],
    [['required check `lint` is failing (Trunk: a required check is red)'], []],
    [['Merged 4 (▲ 4 on the 7 days before)', 'Failed 4 (▲ 4 on the 7 days before)'], []],
  ])('%j', (lines, expected) => {
    expect(repeated(lines)).toEqual(expected);
  });
});
