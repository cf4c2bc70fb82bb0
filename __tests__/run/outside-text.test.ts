// The security review's findings, each as a whole run, asserted surface by surface: the outputs,
// the log, the annotations (warnings, notices and the error line), the job summary, `markdown` and
// `slack-text`. A credential Trunk or GitHub echoes never gets out, whatever the action does to the
// text it is in (makes a code of it, changes its case, clips it) and however it is spelled (base64,
// broken up by line breaks or invisible characters); text from outside cannot spoof the action's
// words (a mention, a bidi control), overflow a limit, or send a reader to a host of its choosing.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { SIM_MERGE_SHA, startSimulator, type Answer, type Endpoint, type Step } from '../../simulator/server.mjs';
import { runInProcess, type InProcessOptions, type InProcessResult } from '../helpers/in-process.js';
import { pushRun } from '../helpers/events.js';
import { leaks, type Credential } from '../helpers/planted.js';

const KEY: Credential = { value: 'trunk_v2_Tq2Wm9Xp4Lz8Nb3Vc7Hd', secret: 'Tq2Wm9Xp4Lz8Nb3Vc7Hd' };
const TOKEN: Credential = { value: 'k3M4n5P6q7R8s9T2u3V4w5X6y7Z8g2H3', secret: 'k3M4n5P6q7R8s9T2u3V4w5X6y7Z8g2H3' };
const GITHUB: Credential = {
  value: 'ghs_Zq2Wm9Xp4Lz8Nb3Vc7HdQa1Sw2Ed3Rf4Tg5',
  secret: 'Zq2Wm9Xp4Lz8Nb3Vc7HdQa1Sw2Ed3Rf4Tg5',
};
const SURFACES = ['outputs', 'log', 'annotations', 'summary', 'markdown', 'slack-text'] as const;
type Surface = (typeof SURFACES)[number];

/** Each surface's text: the log's plain and debug lines apart from its annotations and the error line. */
function surfaces(result: InProcessResult): Record<Surface, string> {
  const { markdown, 'slack-text': slack, ...outputs } = result.outputs;
  const annotation = (line: string) => /^::(warning|notice)::/.test(line);
  return {
    outputs: Object.values(outputs).join('\n'),
    log: result.lines.filter((line) => !annotation(line)).join('\n'),
    annotations: [...result.lines.filter(annotation), result.error ?? ''].join('\n'),
    summary: result.summary,
    markdown,
    'slack-text': slack,
  };
}

/** Changes to a JSON answer: each path (dots; `*` is every item of an array) set to a value, or removed. */
type Edit = Record<string, unknown>;
const REMOVE = Symbol('remove');

/** The simulator's rewrite: an endpoint's answers (its 200s: errors are scripted) with its edits made. */
function editing(edits: Record<string, Edit>) {
  return (answer: Answer) => {
    const edit = edits[answer.endpoint];
    if (!edit || answer.status !== 200) return { headers: answer.headers, body: answer.body };
    const body: unknown = JSON.parse(answer.body);
    for (const [path, value] of Object.entries(edit)) set(body, path.split('.'), value);
    return { headers: answer.headers, body: JSON.stringify(body) };
  };
}

function set(node: unknown, path: string[], value: unknown): void {
  const [step, ...rest] = path;
  if (step === undefined || node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const keys = step === '*' ? Object.keys(record) : [step];
  for (const key of keys) {
    if (rest.length > 0) set(record[key], rest, value);
    else if (value === REMOVE) delete record[key];
    else record[key] = value;
  }
}

interface Case {
  scenario?: string;
  github?: string;
  inputs: (sim: { url: string }) => Record<string, string>;
  options?: (sim: { url: string }) => InProcessOptions;
  edits?: Record<string, Edit>;
  /** Answers scripted instead of the scenario's: an error, say. */
  scripts?: Record<string, Step[]>;
}

async function run(c: Case): Promise<InProcessResult> {
  const sim = await startSimulator({
    scenario: c.scenario ?? 'testing',
    github: c.github ?? 'merged',
    token: TOKEN.value,
    apiKey: KEY.value,
    githubToken: GITHUB.value,
    rewrite: editing(c.edits ?? {}),
  });
  for (const [endpoint, steps] of Object.entries(c.scripts ?? {})) sim.script(endpoint as Endpoint, steps);
  try {
    return await runInProcess({ ...c.options?.(sim), inputs: { 'api-url': sim.url, ...c.inputs(sim) } });
  } finally {
    await sim.close();
  }
}

const v2 = () => ({ 'api-key': KEY.value, 'fail-if-not-ready': 'true' });
const pushGate = (sim: { url: string }): InProcessOptions => pushRun(SIM_MERGE_SHA, sim.url);
const mixedCase = (text: string) => [...text].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
const b64 = (text: string) => Buffer.from(text).toString('base64');
/** The credential broken every 11 characters by this separator. */
const broken = (text: string, separator: string) => (text.match(/.{1,11}/g) ?? []).join(separator);

/** The review's leaks: each case a run, each surface a test; `reached` shows the text got in. */
const LEAKS: Array<[string, Case, Credential, (result: InProcessResult) => void]> = [
  [
    "GitHub's mergeability sent as the v2 key becomes a reason code and the action's words",
    {
      scenario: 'not-ready',
      inputs: v2,
      edits: {
        'v2.pullRequests': {
          'data.0.queueEntry.readiness.mergeability': KEY.value,
          'data.0.queueEntry.readiness.mergeabilityDetails': REMOVE,
        },
      },
    },
    KEY,
    (result) => {
      expect(result.outputs['github-mergeability']).toBe('***');
      expect(result.outputs['not-ready-reasons']).toMatch(/mergeability_/);
    },
  ],
  [
    'v2 enums sent as the key in mixed case go through snakeCase: the queue state, mode and a block reason',
    {
      scenario: 'not-ready',
      inputs: v2,
      edits: {
        'v2.mergeQueues': { 'data.0.state': mixedCase(KEY.value), 'data.0.mode': `graph${KEY.value.toUpperCase()}` },
        'v2.order': { queueState: mixedCase(KEY.value) },
        'v2.pullRequests': {
          'data.0.queueEntry.readiness.mergeabilityDetails.reasons.0.code': `blockedBy${mixedCase(KEY.value)}`,
        },
      },
    },
    KEY,
    (result) => {
      expect(result.outputs['queue-state']).toBe('***');
      expect(result.outputs['block-reasons']).toMatch(/^blocked_by\*\*\*,/);
    },
  ],
  [
    "the PR's own state sent as the key in mixed case: refused, named, never a state to pass",
    {
      inputs: v2,
      edits: { 'v2.pullRequests': { 'data.0.queueEntry.state': mixedCase(KEY.value) } },
    },
    KEY,
    (result) => expect(result.error).toMatch(/field "data\[0\]\.queueEntry\.state" holds text cut out as a credential/),
  ],
  [
    'base64 of Bearer <key> in an error body, quoted in the error line and the summary',
    {
      inputs: v2,
      scripts: {
        'v2.pullRequests': [
          {
            status: 500,
            body: { error: { code: 'INTERNAL', message: `upstream said ${b64(`Bearer ${KEY.value}`)}` } },
            times: Infinity,
          },
        ],
      },
    },
    KEY,
    (result) => expect(result.error).toContain('upstream said QmVhcmVyIH***'),
  ],
  [
    'base64 of token <github-token> in an error GitHub answers a deploy gate with, in every retry line',
    {
      scenario: 'merged',
      github: 'server-errors',
      inputs: () => ({ 'api-key': KEY.value, 'github-token': GITHUB.value, 'fail-if-not-ready': 'true' }),
      options: pushGate,
      // Its 500 and 503 answers, then its list.
      scripts: {
        'github.commitPulls': [500, 503].map((status) => ({
          status,
          body: { message: `${'x'.repeat(150)} ${b64(`token ${GITHUB.value}`)}` },
        })),
      },
    },
    GITHUB,
    (result) => expect(result.lines.some((line) => line.startsWith('GitHub: HTTP 50'))).toBe(true),
  ],
  ...(
    [
      ['line breaks', '\n'],
      ['zero-width spaces', '\u200b'],
      ['soft hyphens', '\u00ad'],
    ] as const
  ).map(([name, separator]): [string, Case, Credential, (result: InProcessResult) => void] => [
    `the v1 token broken every 11 characters by ${name}, in a PR's title and an error body`,
    {
      inputs: () => ({ 'api-token': TOKEN.value, 'fail-if-not-ready': 'true' }),
      edits: {
        getSubmittedPullRequest: { prTitle: `Fix ${broken(TOKEN.value, separator)} now` },
        getQueue: { branch: broken(TOKEN.value, separator) },
      },
    },
    TOKEN,
    (result) => expect(result.outputs['pr-json']).toContain('"prTitle":"Fix *** now"'),
  ]),
];

describe.each(LEAKS)('%s', (_, c, credential, reached) => {
  let result: InProcessResult;
  let texts: Record<Surface, string>;
  beforeAll(async () => {
    result = await run(c);
    texts = surfaces(result);
  });

  it('reached the action', () => reached(result));
  it.each(SURFACES)('leaves nothing of the credential in the %s', (surface) => {
    expect(leaks(texts[surface], [credential])).toEqual([]);
  });
});

/** Every surface's text, joined: for what may appear in none. */
const everywhere = (result: InProcessResult) => Object.values(surfaces(result)).join('\n');

describe('text from outside cannot spoof the words around it', () => {
  it("a merge_commit_sha that is no SHA is quoted, not shown as a commit: '@here x' pings no channel", async () => {
    const result = await run({
      scenario: 'merged',
      inputs: () => ({ 'api-key': KEY.value, 'github-token': GITHUB.value }),
      options: pushGate,
      edits: { 'github.commitPulls': { '0.merge_commit_sha': '@here x' } },
    });
    expect(result.outputs.ready).toBe('false');
    expect(result.outputs['slack-text']).toContain("that PR's merge made commit @\u200dhere x, not this one");
    expect(result.outputs['slack-text']).not.toMatch(/@here/);
    expect(result.summary).toContain('that PR&#39;s merge made commit @here x, not this one');
    expect(result.outputs.markdown).toContain('commit @&#8203;here x');
  });

  it('a bidi override or a zero-width space in a check name shows in no surface', async () => {
    const spoofed = 'ci/\u202etset\u202c \u200bbuild\u00ad';
    const result = await run({
      scenario: 'failed',
      inputs: v2,
      edits: { 'v2.history': { 'data.*.failed.failureCausingChecks.*.name': spoofed } },
    });
    expect(result.outputs['failing-checks']).toContain('"name":"ci/tset build"');
    expect(result.summary).toContain('ci/tset build');
    expect(everywhere(result)).not.toMatch(/[\u202e\u202c\u200b\u00ad]/);
  });
});

describe('text from outside cannot overflow a limit', () => {
  /** 600 block reasons, each a long message of markup, every character of it escaped: MBs of summary. */
  const reasons = Array.from({ length: 600 }, (_, i) => ({
    code: `robotSays${i}`,
    message: `${'<b>'.repeat(400)} #${i}`,
  }));
  let result: InProcessResult;
  beforeAll(async () => {
    result = await run({
      scenario: 'not-ready',
      inputs: v2,
      edits: { 'v2.pullRequests': { 'data.0.queueEntry.readiness.mergeabilityDetails.reasons': reasons } },
    });
  });

  it("the summary stays under GitHub's 1 MiB, leaves out its longest list and says where the rest is", () => {
    expect(result.outputs['block-reasons'].split(',')).toHaveLength(600);
    expect(Buffer.byteLength(result.summary)).toBeLessThanOrEqual(1_000_000);
    expect(result.summary).toMatch(
      /<p>ℹ️ The longest table or list was left out to fit GitHub's 1 MiB limit for a job summary; the step's outputs and its log have it\.<\/p>\n$/,
    );
    expect(result.summary).toMatch(/^<h2>❌ /);
  });

  it('markdown stays under 65,000 characters, and slack-text under 3,000', () => {
    expect(result.outputs.markdown.length).toBeLessThanOrEqual(65_000);
    expect(result.outputs['slack-text'].length).toBeLessThanOrEqual(3_000);
  });

  it('the error line is cut at 500 characters, says so, and the log has it whole', () => {
    expect(result.error?.length).toBeLessThanOrEqual(500);
    expect(result.error).toMatch(/^PR #1842 is not ready: .* … \(cut; the log has the whole line\)$/);
    const whole = result.lines.find((line) => line.startsWith('The error line in full: '));
    expect(whole?.length).toBeGreaterThan(100_000);
  });
});

describe("links from answers lead only to Trunk's app, api-url's host and the GitHub server", () => {
  it("Trunk's page on another host is not linked under the action's labels: not in the summary, markdown or Slack", async () => {
    const result = await run({
      scenario: 'failed',
      inputs: v2,
      edits: {
        'v2.pullRequests': { 'data.0.htmlUrl': 'https://app.trunk.io.evil.example/pr/1842' },
        'v2.history': { 'data.*.failed.failureCausingChecks.*.url': 'https://evil.example/check' },
      },
    });
    expect(result.outputs['trunk-url']).toBe('https://app.trunk.io.evil.example/pr/1842');
    for (const text of [result.summary, result.outputs.markdown, result.outputs['slack-text']]) {
      expect(text).not.toMatch(
        /href="https:\/\/(app\.trunk\.io\.)?evil\.example|<https:\/\/(app\.trunk\.io\.)?evil\.example/,
      );
    }
    expect(result.summary).not.toContain('Open this PR in Trunk');
    // The run's own links stay: the PR on the GitHub server.
    expect(result.summary).toContain('<a href="https://github.com/octo-org/octo-repo/pull/1842">');
  });

  it("Trunk's page on the GitHub server is not linked as Trunk's, nor a check's page on Trunk's app as a check", async () => {
    const result = await run({
      scenario: 'failed',
      inputs: v2,
      edits: {
        'v2.pullRequests': { 'data.0.htmlUrl': 'https://github.com/octo-org/octo-repo/pull/1' },
        'v2.history': { 'data.*.failed.failureCausingChecks.*.url': 'https://app.trunk.io/elsewhere' },
      },
    });
    for (const text of [result.summary, result.outputs['slack-text']]) {
      expect(text).not.toMatch(/github\.com\/octo-org\/octo-repo\/pull\/1\b/);
      expect(text).not.toMatch(/href="https:\/\/app\.trunk\.io\/elsewhere|<https:\/\/app\.trunk\.io\/elsewhere/);
    }
    expect(result.summary).not.toContain('Open this PR in Trunk');
  });

  it("a check's page on the GitHub server and Trunk's app are linked", async () => {
    const result = await run({ scenario: 'failed', inputs: v2, edits: {} });
    expect(result.summary).toMatch(/<a href="https:\/\/app\.trunk\.io\/[^"]+">Open this PR in Trunk<\/a>/);
    expect(result.summary).toMatch(/<a href="https:\/\/github\.com\/[^"]+"><code>/);
  });
});
