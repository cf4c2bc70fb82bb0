// The contract's rule about credentials, over every answer the simulator serves: a credential
// planted in any field of any answer (Trunk's v1 and v2, GitHub's; each key, string, number,
// boolean and null of a JSON body, a body that is not JSON, each header; successes and errors), in
// any spelling (helpers/planted.ts), never gets out: not whole, not as any run of 6 characters of
// its secret part, not base64-encoded, in no output, log line, annotation, summary, `markdown` or
// `slack-text`. In the three scopes: a PR's run, a deploy gate on a commit, and a report on the
// queue over a window, and use 3's alert, which reads the verdict its previous run left from
// GitHub's workflow runs, jobs and annotations. The fields are found by walking each answer, so an endpoint added to the
// simulator is covered here without a line of this file; the last test checks that every field
// seen was planted in some case, and every spelling used.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { GITHUB_ENDPOINTS } from '../../simulator/github.mjs';
import { SIM_MERGE_SHA, startSimulator } from '../../simulator/server.mjs';
import { runInProcess, type InProcessOptions } from '../helpers/in-process.js';
import { pushRun, scheduleRun } from '../helpers/events.js';
import { VirtualClock } from '../helpers/virtual-clock.js';
import {
  Coverage,
  leaks,
  planter,
  RAW_JSON_ESCAPES,
  SPELLING_NAMES,
  type Credential,
  type Plan,
} from '../helpers/planted.js';

/** Cases run, in all: each is one whole run of the action against a simulator of its own. */
const RUNS = 100;
const SEED = 40;

// Secret parts alternate a letter that is no hex digit with a digit: six characters of one never
// turn up in English, a SHA or a timestamp by chance, so whatever is found was let out.
const LETTERS = 'ghjkmnpqrstuvwxyzGHJKMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const secret = (pairs: number) =>
  fc
    .array(fc.tuple(fc.constantFrom(...LETTERS), fc.constantFrom(...DIGITS)), { minLength: pairs, maxLength: pairs })
    .map((chars) => chars.flat().join(''));
const credentialsArb = fc.record({
  token: secret(16).map((s): Credential => ({ value: s, secret: s })),
  apiKey: secret(12).map((s): Credential => ({ value: `trunk_v2_${s}`, secret: s })),
  githubToken: secret(18).map((s): Credential => ({ value: `ghs_${s}`, secret: s })),
});
type Credentials = { token: Credential; apiKey: Credential; githubToken: Credential };

/** How each scope runs: the simulator's scenarios, the inputs and the event. */
const SCOPES = {
  'PR, v1': { scenarios: ['testing', 'not-ready', 'failed', 'paused'], api: ['token'] },
  'PR, v2': { scenarios: ['testing', 'not-ready', 'failed', 'hostile-story'], api: ['apiKey'] },
  'PR, both': { scenarios: ['testing', 'hostile-story'], api: ['token', 'apiKey'] },
  'PR, v2, waiting for a merge': { scenarios: ['merging'], api: ['apiKey'], inputs: { 'wait-for': 'merged' } },
  'deploy gate, v2': {
    scenarios: ['merged', 'merged-manually'],
    api: ['apiKey'],
    github: ['merged', 'rebase-three', 'server-errors', 'unknown-commit', 'twenty-prs'],
  },
  'deploy gate, v1': { scenarios: ['merged'], api: ['token'], github: ['merged', 'several', 'no-permission'] },
  'queue over a window, v2': { scenarios: ['recent-merges'], api: ['apiKey'], window: '1d' },
  'queue over the last hour, v1': { scenarios: ['recent-merges'], api: ['token'], window: '1h' },
  'queue over 2 days, v1': { scenarios: ['recent-merges'], api: ['token'], window: '2d' },
  // Reads made only once others went well, planted alone so that each is reached in every run.
  "PR, v2, a poll's answer while waiting": {
    scenarios: ['merging'],
    api: ['apiKey'],
    inputs: { 'wait-for': 'merged' },
    only: ['v2.pullRequest'],
  },
  "a long range's list of merged PRs, v2": {
    scenarios: ['twenty-merged'],
    api: ['apiKey'],
    github: ['twenty-prs'],
    only: ['github.pulls'],
  },
  "a long range's compare, v2": {
    scenarios: ['twenty-merged'],
    api: ['apiKey'],
    github: ['twenty-prs'],
    only: ['github.compare'],
  },
  "use 3's alert, the previous run's jobs": {
    scenarios: ['paused'],
    api: ['apiKey'],
    github: ['alert-history'],
    window: '1h',
    only: ['github.jobs'],
  },
  "use 3's alert, the previous verdict's annotations": {
    scenarios: ['paused'],
    api: ['apiKey'],
    github: ['alert-history'],
    window: '1h',
    only: ['github.annotations'],
  },
  "use 3's alert, v2": {
    scenarios: ['paused', 'stalled', 'testing'],
    api: ['apiKey'],
    github: ['alert-history'],
    window: '1h',
  },
} as const satisfies Record<
  string,
  {
    scenarios: readonly string[];
    api: ReadonlyArray<'token' | 'apiKey'>;
    github?: readonly string[];
    window?: string;
    inputs?: Record<string, string>;
    only?: readonly string[];
  }
>;
type Scope = keyof typeof SCOPES;
/** Each scope with each of its scenarios, equally likely. */
const CASES = Object.entries(SCOPES).flatMap(([scope, { scenarios }]) =>
  scenarios.map((scenario) => [scope as Scope, scenario] as const),
);

const INPUT = { token: 'api-token', apiKey: 'api-key' } as const;
const coverage = new Coverage();

async function runPlanted(scope: Scope, scenario: string, credentials: Credentials, plan: Omit<Plan, 'credentials'>) {
  const setup: (typeof SCOPES)[Scope] = SCOPES[scope];
  const github = 'github' in setup ? setup.github : undefined;
  const gitHubScenario = github ? (github[plan.seed % github.length] as string) : 'merged';
  const given = [...setup.api.map((name) => credentials[name]), ...(github ? [credentials.githubToken] : [])];
  const sim = await startSimulator({
    scenario,
    github: gitHubScenario,
    token: credentials.token.value,
    apiKey: credentials.apiKey.value,
    githubToken: credentials.githubToken.value,
    rewrite: planter({ ...plan, credentials: given, ...('only' in setup ? { only: setup.only } : {}) }, coverage),
  });
  const inputs: Record<string, string> = { 'api-url': sim.url, 'fail-if-not-ready': String(plan.seed % 2 === 0) };
  for (const name of setup.api) inputs[INPUT[name]] = credentials[name].value;
  if ('inputs' in setup) Object.assign(inputs, setup.inputs);
  let options: InProcessOptions = {};
  if (github) {
    const push = pushRun(sim.gitHubScenario().sha ?? SIM_MERGE_SHA, sim.url);
    // A run id, as the runner sets it: the gate then reads the workflow's runs and the range.
    options = { ...push, env: { ...push.env, GITHUB_RUN_ID: '9000001' } };
    Object.assign(inputs, { 'github-token': credentials.githubToken.value });
    if (!('window' in setup)) inputs['settle-seconds'] = '0';
  }
  if ('window' in setup) {
    // A report on the queue with GitHub's token reads the previous run's verdict, as use 3's alert does.
    const env = github ? { GITHUB_RUN_ID: '9000001', GITHUB_JOB: 'alert', GITHUB_API_URL: sim.url } : {};
    options = { ...scheduleRun, env, clock: new VirtualClock(Date.now()) };
    Object.assign(inputs, { scope: 'queue', window: setup.window });
  }
  try {
    return { given, result: await runInProcess({ ...options, inputs }) };
  } finally {
    await sim.close();
  }
}

describe('a credential planted in any field of any answer, in any spelling', () => {
  it(`never gets out, in any scope (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CASES),
        credentialsArb,
        fc.record({ density: fc.constantFrom(0.005, 0.02, 0.05), seed: fc.nat() }),
        async ([scope, scenario], credentials, plan) => {
          const { given, result } = await runPlanted(scope, scenario, credentials, plan);
          const texts = [...result.lines, result.summary, result.error ?? '', ...Object.values(result.outputs)];
          const found = texts.flatMap((text) => leaks(text, given));
          if (found.length > 0) throw new Error(`${scope} (${scenario}): ${found[0]}`);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('was planted in every field of every answer seen, in every spelling', () => {
    if (process.env.PLANTED_FIELDS) console.log([...coverage.seen].sort().join('\n'));
    expect(coverage.seen.size).toBeGreaterThan(500);
    // Every GitHub read the action makes was answered at least once (the gate's range, the alert's
    // previous verdict), so its fields were planted too.
    const endpoints = new Set([...coverage.seen].map((field) => field.split(' ')[0]));
    expect(GITHUB_ENDPOINTS.filter((endpoint) => !endpoints.has(endpoint))).toEqual([]);
    expect(coverage.missing()).toEqual([]);
    expect([...coverage.spellings].sort()).toEqual([...SPELLING_NAMES, RAW_JSON_ESCAPES].sort());
  });
});
