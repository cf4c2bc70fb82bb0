// The simulator's GitHub endpoint, GET /repos/{owner}/{repo}/commits/{sha}/pulls, held to GitHub's
// own OpenAPI description (the operation and its schemas, copied beside it from npm
// @octokit/openapi): every list it serves fits the operation's 200 schema, the fields the action
// reads are there with GitHub's types, and its faults are GitHub's (statuses, messages, limit
// headers). Each credential works on its own API only, and the request log shows any that went
// to another.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import {
  GITHUB_SCENARIOS,
  githubFaults,
  main,
  SIM_API_KEY,
  SIM_BRANCH,
  SIM_DIRECT_SHA,
  SIM_GITHUB_TOKEN,
  SIM_MERGE_SHA,
  SIM_PR,
  SIM_SHA,
  SIM_TOKEN,
  startSimulator,
} from '../../simulator/server.mjs';
import { runScript } from '../helpers/cli.js';
import { useSimulator } from '../helpers/simulator.js';

type Json = Record<string, unknown>;
const PATH = '/repos/{owner}/{repo}/commits/{commit_sha}/pulls';
const doc = JSON.parse(readFileSync(new URL('../../simulator/github-openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, { get: { operationId: string; responses: Record<string, { content: Json }> } }>;
  components: { schemas: Record<string, { required: string[]; properties: Record<string, Json> }> };
};

// OpenAPI 3.0's schemas are JSON Schema draft 4-ish with `nullable`, which ajv knows. Not strict:
// the document also carries OpenAPI's own `example` keyword and GitHub's x- extensions.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(doc, 'github');
/** A validator for a schema in the document, its references pointing into it. */
const compile = (schema: unknown): ValidateFunction =>
  ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/', '"github#/')) as Json);
const listSchema = compile(
  (doc.paths[PATH]?.get.responses['200']?.content['application/json'] as { schema: Json }).schema,
);
const errorSchema = compile({ $ref: '#/components/schemas/basic-error' });

function problems(validate: ValidateFunction, body: unknown): string[] {
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

interface Pr {
  number: number;
  state: string;
  merged_at: string | null;
  merge_commit_sha: string | null;
  updated_at: string;
  html_url: string;
  head: { ref: string; sha: string; repo: { full_name: string } };
  base: { ref: string; repo: { full_name: string } };
  user: { login: string };
}

const sim = useSimulator({}, 'all');
beforeEach(() => {
  sim.useGitHubScenario('merged');
  sim.requests.length = 0;
});

const auth = { authorization: `token ${SIM_GITHUB_TOKEN}` };
const pulls = (sha: string, repo = 'octo-org/octo-repo') => `/repos/${repo}/commits/${sha}/pulls`;

async function get(path: string, headers: Record<string, string> = auth, method = 'GET') {
  const response = await fetch(`${sim.url}${path}`, { headers, method });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

describe("GitHub's description of the operation", () => {
  it('is the one Octokit calls listPullRequestsAssociatedWithCommit, listing "pull request simple"', () => {
    expect(doc.paths[PATH]?.get.operationId).toBe('repos/list-pull-requests-associated-with-commit');
  });

  it('requires the fields the action reads, with the types it reads them as', () => {
    const pr = doc.components.schemas['pull-request-simple'];
    const ref = doc.components.schemas['pull-request-simple']?.properties;
    expect(pr?.required).toEqual(
      expect.arrayContaining(['number', 'state', 'merged_at', 'merge_commit_sha', 'head', 'base', 'updated_at']),
    );
    expect(pr?.required).toContain('html_url');
    expect(ref?.number).toMatchObject({ type: 'integer' });
    expect(ref?.state).toMatchObject({ type: 'string' });
    expect(ref?.merged_at).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
    expect(ref?.merge_commit_sha).toMatchObject({ type: 'string', nullable: true });
    expect(ref?.updated_at).toMatchObject({ type: 'string', format: 'date-time' });
    expect(ref?.html_url).toMatchObject({ type: 'string', format: 'uri' });
    for (const side of ['head', 'base']) {
      expect(ref?.[side]).toMatchObject({
        required: expect.arrayContaining(['ref', 'sha', 'repo']),
        properties: { ref: { type: 'string' }, sha: { type: 'string' } },
      });
    }
  });
});

describe('every list fits the schema', () => {
  const lists = Object.entries(GITHUB_SCENARIOS).filter(([, s]) => !s.faults && s.commits !== 'none');

  it.each(lists.map(([name]) => name))('the %s scenario', async (name) => {
    sim.useGitHubScenario(name);
    const answer = await get(pulls(GITHUB_SCENARIOS[name]?.sha ?? ''));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(problems(listSchema, answer.body)).toEqual([]);
    for (const pr of answer.body as Pr[]) {
      expect([pr.head.repo.full_name, pr.base.repo.full_name]).toEqual(['octo-org/octo-repo', 'octo-org/octo-repo']);
      expect(pr.html_url).toBe(`https://github.com/octo-org/octo-repo/pull/${pr.number}`);
    }
  });

  it('and the check can fail: a PR without merged_at does not fit', async () => {
    const [pr] = (await get(pulls(SIM_MERGE_SHA))).body as Json[];
    const { merged_at: _mergedAt, ...rest } = pr as Json;
    expect(problems(listSchema, [rest])).toEqual(["/0 must have required property 'merged_at'"]);
    expect(problems(listSchema, [{ ...rest, merged_at: 'yesterday' }])).toEqual([
      '/0/merged_at must match format "date-time"',
    ]);
  });
});

describe('the scenarios', () => {
  const list = async (name: string, sha = GITHUB_SCENARIOS[name]?.sha ?? '') => {
    sim.useGitHubScenario(name);
    const answer = await get(pulls(sha));
    expect(answer.status).toBe(200);
    return answer.body as Pr[];
  };

  it(`merged (the default): #${SIM_PR} brought SIM_MERGE_SHA into ${SIM_BRANCH}`, async () => {
    expect(GITHUB_SCENARIOS.merged?.sha).toBe(SIM_MERGE_SHA);
    const [pr, ...more] = await list('merged');
    expect(more).toEqual([]);
    expect(pr).toMatchObject({
      number: SIM_PR,
      state: 'closed',
      merged_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      merge_commit_sha: SIM_MERGE_SHA,
      head: { ref: 'docs-update', sha: SIM_SHA },
      base: { ref: SIM_BRANCH },
      user: { login: 'octocat' },
    });
  });

  it("merged-state-open: state open with merged_at set, as GitHub's own example answer has it", async () => {
    const [pr] = await list('merged-state-open');
    expect([pr?.state, pr?.merged_at !== null, pr?.merge_commit_sha]).toEqual(['open', true, SIM_MERGE_SHA]);
  });

  it('direct-push: an empty list, which is an answer', async () => {
    expect(GITHUB_SCENARIOS['direct-push']?.sha).toBe(SIM_DIRECT_SHA);
    expect(await list('direct-push')).toEqual([]);
  });

  it('several: two merged at different times and one open, none merged as the commit', async () => {
    const prs = await list('several');
    const merged = prs.filter((pr) => pr.merged_at !== null);
    expect(merged.map((pr) => pr.number).sort()).toEqual([1838, SIM_PR]);
    expect(new Set(merged.map((pr) => pr.merged_at)).size).toBe(2);
    const newest = [...merged].sort((a, b) => Date.parse(String(b.merged_at)) - Date.parse(String(a.merged_at)))[0];
    expect(newest?.number).toBe(SIM_PR);
    expect(prs.filter((pr) => pr.state === 'open').map((pr) => [pr.number, pr.head.sha])).toEqual([[1845, SIM_SHA]]);
    expect(prs.some((pr) => pr.merge_commit_sha === SIM_SHA)).toBe(false);
    // Not in merged_at order: a client must sort, not take the first.
    expect(prs[0]?.number).toBe(1838);
  });

  it('other-queue: merged as the commit, but into release/1.x', async () => {
    const name = 'other-queue';
    const [pr] = await list(name);
    expect([pr?.base.ref, pr?.merge_commit_sha, pr?.merged_at !== null]).toEqual([
      'release/1.x',
      GITHUB_SCENARIOS[name]?.sha,
      true,
    ]);
  });

  it('open: the commit is the open PR head; merge_commit_sha is the test merge, not the commit', async () => {
    const [pr] = await list('open');
    expect(pr).toMatchObject({ number: SIM_PR, state: 'open', merged_at: null, head: { sha: SIM_SHA } });
    expect(pr?.merge_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(pr?.merge_commit_sha).not.toBe(SIM_SHA);
  });

  it('closed: closed without merging', async () => {
    const [pr] = await list('closed');
    expect([pr?.state, pr?.merged_at, pr?.head.sha]).toEqual(['closed', null, SIM_SHA]);
  });

  it('GitHub knows the simulator commits in any scenario that lists, in any case', async () => {
    for (const sha of [SIM_SHA, SIM_MERGE_SHA, SIM_DIRECT_SHA.toUpperCase()]) {
      expect((await get(pulls(sha))).status).toBe(200);
    }
  });
});

describe('faults, as GitHub sends them', () => {
  const cases: Array<[string, number, string, Record<string, string | RegExp>]> = [
    ['bad-credentials', 401, 'Bad credentials', {}],
    ['no-permission', 403, 'Resource not accessible by integration', {}],
    ['no-permission-404', 404, 'Resource not accessible by integration', {}],
    ['commit-not-found', 404, `No commit found for SHA: ${SIM_MERGE_SHA}`, {}],
    ['unknown-commit', 422, `No commit found for SHA: ${SIM_MERGE_SHA}`, {}],
    ['empty-repository', 409, 'Git Repository is empty.', {}],
    ['secondary-limit-429', 429, 'You have exceeded a secondary rate limit', { 'retry-after': '1' }],
    ['secondary-limit-403', 403, 'You have exceeded a secondary rate limit', { 'retry-after': '1' }],
    [
      'primary-limit',
      403,
      'API rate limit exceeded',
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': /^\d{10}$/ },
    ],
  ];

  it.each(cases)('%s: %d %s', async (name, status, message, headers) => {
    sim.useGitHubScenario(name);
    const answer = await get(pulls(SIM_MERGE_SHA));
    expect(answer.status).toBe(status);
    expect(problems(errorSchema, answer.body)).toEqual([]);
    expect(answer.body).toMatchObject({
      message: expect.stringContaining(message),
      documentation_url: expect.stringMatching(/^https:\/\/docs\.github\.com\//),
      status: String(status),
    });
    for (const [header, value] of Object.entries(headers)) {
      expect(answer.headers.get(header)).toMatch(typeof value === 'string' ? new RegExp(`^${value}$`) : value);
    }
    expect(answer.headers.get('x-github-request-id')).toMatch(/^SIM0:/);
  });

  it('the primary limit resets within seconds (epoch seconds); secondary limits leave requests', async () => {
    sim.useGitHubScenario('primary-limit');
    const reset = Number((await get(pulls(SIM_MERGE_SHA))).headers.get('x-ratelimit-reset'));
    expect(reset - Date.now() / 1000).toBeGreaterThan(0);
    expect(reset - Date.now() / 1000).toBeLessThanOrEqual(3);
    sim.useGitHubScenario('secondary-limit-403');
    expect(Number((await get(pulls(SIM_MERGE_SHA))).headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
  });

  it('the limits and 5xx pass: the next request is answered; 401 and 403 stay', async () => {
    for (const [name, statuses] of [
      ['secondary-limit-429', [429, 200]],
      ['secondary-limit-403', [403, 200]],
      ['primary-limit', [403, 200]],
      ['server-errors', [502, 503, 200]],
      ['bad-credentials', [401, 401, 401]],
      ['no-permission', [403, 403, 403]],
    ] as const) {
      sim.useGitHubScenario(name);
      const seen = [];
      for (let i = 0; i < statuses.length; i++) seen.push((await get(pulls(SIM_MERGE_SHA))).status);
      expect([name, seen]).toEqual([name, statuses]);
    }
  });

  it('a 502 from the edge has no body; a 503 has JSON', async () => {
    sim.useGitHubScenario('server-errors');
    const edge = await get(pulls(SIM_MERGE_SHA));
    const busy = await get(pulls(SIM_MERGE_SHA));
    expect([edge.status, edge.text, edge.headers.get('content-type')]).toEqual([502, '', null]);
    expect([busy.status, (busy.body as Json).message]).toEqual([503, 'Service Unavailable']);
  });

  it('an unknown commit is 422 in any scenario, naming the commit', async () => {
    const sha = 'ab'.repeat(20);
    expect((await get(pulls(sha))).body).toMatchObject({ message: `No commit found for SHA: ${sha}` });
  });
});

describe('where it answers', () => {
  it('under /api/v3 too, as GitHub Enterprise Server; owner and name in any case', async () => {
    for (const path of [`/api/v3${pulls(SIM_MERGE_SHA)}`, pulls(SIM_MERGE_SHA, 'Octo-Org/Octo-Repo')]) {
      expect((await get(path)).status).toBe(200);
    }
  });

  it.each([
    ['another repository', pulls(SIM_MERGE_SHA, 'octo-org/other-repo')],
    ['another owner', pulls(SIM_MERGE_SHA, 'someone/octo-repo')],
    ['another route', `/repos/octo-org/octo-repo/issues`],
    ['the GHES prefix alone', '/api/v3'],
  ])('%s: 404 Not Found', async (_name, path) => {
    const answer = await get(path);
    expect([answer.status, (answer.body as Json).message]).toEqual([404, 'Not Found']);
  });

  it('reads only: a POST is 404', async () => {
    expect((await get(pulls(SIM_MERGE_SHA), auth, 'POST')).status).toBe(404);
  });

  it('pages as GitHub does, with a Link to the next page on the simulator', async () => {
    sim.useGitHubScenario('several');
    const first = await get(`${pulls(SIM_SHA)}?per_page=2`);
    expect((first.body as Pr[]).map((pr) => pr.number)).toEqual([1838, 1845]);
    expect(first.headers.get('link')).toBe(
      `<${sim.url}${pulls(SIM_SHA)}?per_page=2&page=2>; rel="next", <${sim.url}${pulls(SIM_SHA)}?per_page=2&page=2>; rel="last"`,
    );
    const last = await get(`${pulls(SIM_SHA)}?per_page=2&page=2`);
    expect([(last.body as Pr[]).map((pr) => pr.number), last.headers.get('link')]).toEqual([[SIM_PR], null]);
  });
});

describe('each credential on its own API only', () => {
  it.each([
    ['no Authorization', {}, 'Requires authentication'],
    ['a wrong token', { authorization: 'token ghs_wrong0000000000000000000000000000000' }, 'Bad credentials'],
    ['the v1 token', { authorization: `token ${SIM_TOKEN}` }, 'Bad credentials'],
    ['the v1 token in its own header', { 'x-api-token': SIM_TOKEN }, 'Requires authentication'],
    ['the v2 key', { authorization: `Bearer ${SIM_API_KEY}` }, 'Bad credentials'],
    ['another scheme', { authorization: `Basic ${SIM_GITHUB_TOKEN}` }, 'Bad credentials'],
  ])('GitHub refuses %s: 401', async (_name, headers, message) => {
    const answer = await get(pulls(SIM_MERGE_SHA), headers);
    expect([answer.status, answer.body]).toEqual([
      401,
      { message, documentation_url: 'https://docs.github.com/rest', status: '401' },
    ]);
  });

  it('GitHub takes its token as "token" or "Bearer", in any case', async () => {
    for (const scheme of ['token', 'Bearer', 'bearer', 'Token']) {
      expect((await get(pulls(SIM_MERGE_SHA), { authorization: `${scheme} ${SIM_GITHUB_TOKEN}` })).status).toBe(200);
    }
  });

  it("Trunk refuses GitHub's token: v1 in x-api-token, v2 as a Bearer key", async () => {
    const v1 = await fetch(`${sim.url}/v1/getQueue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-token': SIM_GITHUB_TOKEN },
      body: JSON.stringify({
        repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' },
        targetBranch: 'main',
      }),
    });
    expect([v1.status, await v1.text()]).toEqual([401, 'Unauthorized']);
    const v2 = await get('/v2/repositories?providerUrl=https://github.com/octo-org/octo-repo', {
      authorization: `Bearer ${SIM_GITHUB_TOKEN}`,
    });
    expect([v2.status, (v2.body as { error: { code: string } }).error.code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('the log records each request API, its credential headers, and any credential sent to the wrong API', async () => {
    await get(pulls(SIM_MERGE_SHA));
    await get('/v2/repositories?providerUrl=https://github.com/octo-org/octo-repo', {
      authorization: `Bearer ${SIM_API_KEY}`,
    });
    expect(sim.misdirected()).toEqual([]);
    await get(pulls(SIM_MERGE_SHA), { authorization: `Bearer ${SIM_API_KEY}` });
    await get(`/v2/repositories?providerUrl=x&token=${SIM_GITHUB_TOKEN}`, { authorization: `Bearer ${SIM_API_KEY}` });
    await get('/', { 'x-api-token': SIM_TOKEN });
    expect(sim.requests.map((r) => [r.api, r.endpoint, r.auth, r.credentials])).toEqual([
      ['github', 'github.commitPulls', { authorization: `token ${SIM_GITHUB_TOKEN}` }, ['githubToken']],
      ['v2', 'v2.repositories', { authorization: `Bearer ${SIM_API_KEY}` }, ['apiKey']],
      ['github', 'github.commitPulls', { authorization: `Bearer ${SIM_API_KEY}` }, ['apiKey']],
      ['v2', 'v2.repositories', { authorization: `Bearer ${SIM_API_KEY}` }, ['apiKey', 'githubToken']],
      ['none', '/', { 'x-api-token': SIM_TOKEN }, ['token']],
    ]);
    expect(sim.misdirected().map((r) => r.path)).toEqual([
      pulls(SIM_MERGE_SHA),
      `/v2/repositories?providerUrl=x&token=${SIM_GITHUB_TOKEN}`,
      '/',
    ]);
  });

  it('a GitHub token that is also a Trunk credential is refused at start', async () => {
    await expect(startSimulator({ githubToken: SIM_TOKEN })).rejects.toThrow(/githubToken/);
    await expect(startSimulator({ apiKey: ['k1', 'k2'], githubToken: 'k2' })).rejects.toThrow(/githubToken/);
    const own = await startSimulator({ githubToken: 'ghs_another0000000000000000000000000000', github: 'open' });
    try {
      expect(own.githubToken).toBe('ghs_another0000000000000000000000000000');
      const response = await fetch(`${own.url}${pulls(SIM_SHA)}`, {
        headers: { authorization: `token ${own.githubToken}` },
      });
      expect(((await response.json()) as Pr[])[0]?.state).toBe('open');
    } finally {
      await own.close();
    }
  });
});

describe("scripted steps on 'github.commitPulls'", () => {
  it('answer instead of the scenario, then the scenario answers again; records name the endpoint', async () => {
    const body = [{ number: 7 }];
    sim.script('github.commitPulls', [
      { ...githubFaults.serverError(500), times: 2 },
      { body, headers: { etag: 'W/"x"' } },
    ]);
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await get(pulls(SIM_MERGE_SHA))).status);
    const scripted = await get(pulls(SIM_MERGE_SHA));
    expect([statuses, scripted.status, scripted.body, scripted.headers.get('etag')]).toEqual([
      [500, 500],
      200,
      body,
      'W/"x"',
    ]);
    expect(sim.count('github.commitPulls')).toBe(3);
    expect(sim.requests.map((r) => [r.endpoint, r.status])).toEqual([
      ['github.commitPulls', 500],
      ['github.commitPulls', 500],
      ['github.commitPulls', 200],
    ]);
    expect((await get(pulls(SIM_MERGE_SHA))).body).toMatchObject([{ number: SIM_PR }]);
  });

  it('each fault helper is one step; a status without a body gets GitHub JSON', async () => {
    const reset = Math.floor(Date.now() / 1000) + 60;
    sim.script('github.commitPulls', [
      githubFaults.badCredentials(),
      githubFaults.notAccessible(),
      githubFaults.noCommit('abc', 404),
      githubFaults.secondaryLimit(429, 7),
      githubFaults.primaryLimit(reset, 429),
      { status: 500 },
    ]);
    const seen = [];
    for (let i = 0; i < 6; i++) {
      const answer = await get(pulls(SIM_MERGE_SHA));
      const { message } = answer.body as Json;
      seen.push([answer.status, message, answer.headers.get('retry-after'), answer.headers.get('x-ratelimit-reset')]);
    }
    expect(seen).toEqual([
      [401, 'Bad credentials', null, expect.any(String)],
      [403, 'Resource not accessible by integration', null, expect.any(String)],
      [404, 'No commit found for SHA: abc', null, expect.any(String)],
      [429, expect.stringContaining('secondary rate limit'), '7', expect.any(String)],
      [429, expect.stringContaining('API rate limit exceeded'), null, String(reset)],
      [500, 'Internal Server Error', null, expect.any(String)],
    ]);
  });

  it('a reset drops the connection; a truncated answer is cut off', async () => {
    sim.script('github.commitPulls', [{ reset: true }, { truncate: true }]);
    await expect(get(pulls(SIM_MERGE_SHA))).rejects.toThrow();
    await expect(get(pulls(SIM_MERGE_SHA))).rejects.toThrow();
    expect((await get(pulls(SIM_MERGE_SHA))).status).toBe(200);
  });

  it("GitHub's scripts and scenario survive a change of Trunk scenario, and Trunk's a change of GitHub's", async () => {
    sim.useGitHubScenario('open');
    sim.script('github.commitPulls', [{ status: 503 }]);
    sim.script('getQueue', [{ status: 503 }]);
    sim.useScenario('paused');
    expect((await get(pulls(SIM_SHA))).status).toBe(503);
    expect(((await get(pulls(SIM_SHA))).body as Pr[])[0]?.state).toBe('open');
    sim.script('getQueue', [{ status: 418 }]);
    sim.useGitHubScenario('merged');
    const queue = await fetch(`${sim.url}/v1/getQueue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-token': SIM_TOKEN },
      body: JSON.stringify({
        repo: { host: 'github.com', owner: 'octo-org', name: 'octo-repo' },
        targetBranch: 'main',
      }),
    });
    expect(queue.status).toBe(418);
    sim.useScenario('testing');
  });

  it('an unknown scenario or endpoint is an error that names the known ones', () => {
    expect(() => sim.useGitHubScenario('nope')).toThrow(/unknown GitHub scenario nope; known: merged, /);
    expect(() => sim.script('github.nope' as 'github.commitPulls', [])).toThrow(/known: .*github\.commitPulls/);
  });
});

describe('the command line', () => {
  const cli = (...argv: string[]) => runScript('node simulator/server.mjs', main, argv);

  it('--help documents the GitHub endpoint, its token and --github; --list lists its scenarios', async () => {
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('GET /repos/octo-org/octo-repo/commits/{sha}/pulls');
    expect(help.stdout).toContain(`Authorization: token ${SIM_GITHUB_TOKEN}`);
    expect(help.stdout).toMatch(/--github NAME/);
    expect(help.stdout).toMatch(/--github-token TOKEN/);
    const list = await cli('--list');
    expect(list.code).toBe(0);
    for (const name of Object.keys(GITHUB_SCENARIOS)) expect(list.stdout).toMatch(new RegExp(`^${name} `, 'm'));
  });

  it('refuses an unknown GitHub scenario and a GitHub token that is a Trunk one', async () => {
    expect(await cli('--github', 'nope')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/unknown GitHub scenario "nope"; known: merged, /),
    });
    expect(await cli('--github-token', SIM_TOKEN)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--github-token must not be empty, nor the Trunk token or key/),
    });
  });
});
