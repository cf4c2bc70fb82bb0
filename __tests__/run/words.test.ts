// Every sentence a person reads first, for every scenario the demo offers (each Trunk scenario
// for a PR and for the queue, through v1 and v2; each GitHub scenario for a push): the summary's
// heading, every log line, the error line and the Slack text. None shows a code outside
// parentheses or a code span, none names one code twice, and none says "is tests passed".
import { describe, expect, it } from '@jest/globals';
import { GITHUB_SCENARIOS, SCENARIOS, SIM_BASE_SHA } from '../../simulator/server.mjs';
import { runInProcess, type InProcessResult } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';

const sim = useSimulator({}, 'all');

/** A code: snake_case, as the outputs spell states and reasons. */
const CODE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

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

/** What a line may not do: a bare code, a code named twice, "is tests passed". */
function problems(line: string): string[] {
  const found: string[] = [];
  const bare = wordsOnly(line).match(CODE) ?? [];
  // Input names are written with hyphens; a credential's own prefix is quoted as it is.
  for (const code of bare.filter((code) => code !== 'trunk_v2_')) found.push(`bare code ${code}`);
  const codes = line.match(CODE) ?? [];
  for (const code of new Set(codes)) if (codes.filter((c) => c === code).length > 1) found.push(`${code} twice`);
  if (/\bis tests passed\b/i.test(line)) found.push('"is tests passed"');
  return found;
}

/** The lines of a run a person reads first: heading, log (not debug), error line, Slack text. */
function linesOf(result: InProcessResult): string[] {
  const heading = /<h2>(.*?)<\/h2>/.exec(result.summary)?.[1] ?? '';
  const log = result.lines.filter((line) => !line.startsWith('::debug::') && !line.startsWith('::add-mask::'));
  return [heading, ...log, result.error ?? '', ...(result.outputs['slack-text'] ?? '').split('\n')].filter(Boolean);
}

function expectClean(result: InProcessResult): void {
  const found = linesOf(result).flatMap((line) => problems(line).map((problem) => `${problem}: ${line}`));
  expect(found).toEqual([]);
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
  ])('%j', (line, expected) => {
    expect(problems(line)).toEqual(expected);
  });
});
