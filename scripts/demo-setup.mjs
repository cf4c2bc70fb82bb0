// @ts-check
// What a demo command line means: which scenarios the simulator serves, and the run the action
// gets (its inputs, its event, the runner's variables), the same for `npm run demo` (which runs
// dist/index.js as the runner does) and for the test that runs each row of the README's deploy
// gate table in-process. Pure but for the commits it looks up in the simulator's scenarios.
import { UsageError } from '../simulator/cli.mjs';
import { commentRun, draftPrRun, testBranchFor, testPushRun, testRunCompletedRun } from '../simulator/events.mjs';
import { graphOf } from '../simulator/github-graph.mjs';
import {
  GITHUB_SCENARIOS,
  SCENARIOS,
  SIM_BASE_SHA,
  SIM_BRANCH,
  SIM_GITHUB_TOKEN,
  SIM_PR,
  SIM_REPO,
} from '../simulator/server.mjs';

/** The run's id the runner would set (GITHUB_RUN_ID): not one of any scenario's past runs. */
export const DEMO_RUN_ID = '9000001';

/**
 * Trunk's test runs, on its test branch.
 * @type {Record<string, (branch: string) => import('../simulator/events.mjs').EventRun>}
 */
const TEST_RUN_EVENTS = {
  'draft-pr': draftPrRun,
  'test-push': testPushRun,
  'test-run-completed': (branch) => testRunCompletedRun(branch),
  'test-run-completed-push': (branch) => testRunCompletedRun(branch, { mode: 'push' }),
};
/** Those that are about a commit, not a PR: GitHub is asked which PR brought it in. */
const COMMIT_EVENTS = ['push', 'workflow_run', 'workflow_dispatch'];
/** The events the demo runs on: a PR's own, Trunk's test runs, and the deploy gate's. */
const EVENTS = ['pull_request', 'issue_comment', ...Object.keys(TEST_RUN_EVENTS), ...COMMIT_EVENTS];

/** The demo's options, as node:util's parseArgs takes them. */
export const DEMO_OPTIONS = /** @type {const} */ ({
  scenario: { type: 'string' },
  api: { type: 'string', default: 'v2' },
  scope: { type: 'string' },
  'stall-minutes': { type: 'string' },
  window: { type: 'string' },
  'max-failure-rate': { type: 'string' },
  'max-time-in-queue-minutes': { type: 'string' },
  event: { type: 'string' },
  'test-branch': { type: 'string' },
  'github-scenario': { type: 'string' },
  before: { type: 'string' },
  'base-sha': { type: 'string' },
  list: { type: 'boolean', default: false },
  'wait-for': { type: 'string' },
  // Short, so that a demo that waits shows its point in seconds, not the action's hour.
  'wait-timeout-seconds': { type: 'string', default: '30' },
  'poll-interval-seconds': { type: 'string', default: '1' },
  'fail-if-not-ready': { type: 'boolean', default: false },
  // Short, so that a push whose PR Trunk has not merged shows its point in seconds.
  'settle-seconds': { type: 'string', default: '10' },
  'alert-sequence': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
});

/**
 * @typedef {object} DemoValues  the parsed command line
 * @property {string} [scenario] @property {string} api @property {string} [scope]
 * @property {string} [stall-minutes] @property {string} [window] @property {string} [max-failure-rate]
 * @property {string} [max-time-in-queue-minutes] @property {string} [event] @property {string} [test-branch]
 * @property {string} [github-scenario]
 * @property {string} [before] @property {string} [base-sha] @property {string} [wait-for]
 * @property {string} wait-timeout-seconds @property {string} poll-interval-seconds
 * @property {boolean} fail-if-not-ready @property {string} settle-seconds @property {boolean} alert-sequence
 */

/**
 * The scenarios, the scope and the event a command line asks for; a UsageError for one that
 * makes no sense.
 * @param {DemoValues} values
 */
export function demoPlan(values) {
  // A window is a report on the queue's past: the queue's scope, and a scenario that has one. A
  // GitHub scenario is a commit's; and a commit's Trunk, unless named, has merged its PR.
  const windowed = values.window !== undefined;
  const gitHubNamed = values['github-scenario'] !== undefined || values['base-sha'] !== undefined;
  const eventName = values.event ?? (gitHubNamed ? 'push' : 'pull_request');
  if (!EVENTS.includes(eventName)) {
    throw new UsageError(`--event must be one of ${EVENTS.join(', ')}, got "${eventName}"`);
  }
  if (values['test-branch'] !== undefined && !TEST_RUN_EVENTS[eventName]) {
    throw new UsageError(`--test-branch goes with a test-run event (${Object.keys(TEST_RUN_EVENTS).join(', ')})`);
  }
  const scope = values.scope ?? (windowed ? 'queue' : 'pr');
  if (!['pr', 'queue'].includes(scope)) throw new UsageError(`--scope must be pr or queue, got "${scope}"`);
  const commitRun = COMMIT_EVENTS.includes(eventName) && scope === 'pr';
  const scenario = values.scenario ?? (windowed ? 'week' : commitRun ? 'merged' : 'testing');
  if (!SCENARIOS[scenario]) {
    throw new UsageError(`unknown scenario "${scenario}"; known: ${Object.keys(SCENARIOS).join(', ')}`);
  }
  if (!['v1', 'v2', 'both'].includes(values.api)) {
    throw new UsageError(`--api must be v1, v2 or both, got "${values.api}"`);
  }
  const githubScenario = values['github-scenario'] ?? 'merged';
  // A report on the queue with a GitHub scenario reads its previous run's verdict there (use 3).
  const previousRead = scope === 'queue' && values['github-scenario'] !== undefined;
  if ((commitRun || previousRead) && !GITHUB_SCENARIOS[githubScenario]) {
    throw new UsageError(
      `unknown GitHub scenario "${githubScenario}"; known: ${Object.keys(GITHUB_SCENARIOS).join(', ')}`,
    );
  }
  return { scenario, scope, eventName, commitRun, previousRead, githubScenario };
}

/**
 * The run the action gets against the simulator at `url`: its inputs, and for a commit run its
 * event and the runner's variables, with GitHub's API at the simulator.
 * @param {DemoValues} values @param {ReturnType<typeof demoPlan>} plan
 * @param {{ url: string, token: string, apiKey: string, githubToken?: string }} sim
 */
export function demoRun(values, plan, sim) {
  const { scope, commitRun, scenario } = plan;
  // The `merging` scenario only shows its point while waiting; the queue itself is read once.
  const waitFor = values['wait-for'] ?? (scenario === 'merging' && scope === 'pr' ? 'merged' : '');
  const github = commitRun ? GITHUB_SCENARIOS[plan.githubScenario] : undefined;
  const inputs = {
    'api-token': values.api === 'v2' ? '' : sim.token,
    'api-key': values.api === 'v1' ? '' : sim.apiKey,
    'api-url': sim.url,
    'wait-for': waitFor,
    'wait-timeout-seconds': scope === 'pr' ? values['wait-timeout-seconds'] : '',
    'poll-interval-seconds': scope === 'pr' ? values['poll-interval-seconds'] : '',
    'fail-if-not-ready': String(values['fail-if-not-ready']),
    scope: scope === 'pr' ? '' : scope,
    'stall-minutes': values['stall-minutes'] ?? '',
    window: values.window ?? '',
    'max-failure-rate': values['max-failure-rate'] ?? '',
    'max-time-in-queue-minutes': values['max-time-in-queue-minutes'] ?? '',
    'github-token': commitRun || plan.previousRead ? (sim.githubToken ?? SIM_GITHUB_TOKEN) : '',
    'settle-seconds': commitRun ? values['settle-seconds'] : '',
    'base-sha': github && values['base-sha'] ? commitNamed(values['base-sha'], github, '--base-sha') : '',
  };
  // A report on the queue runs on a schedule, whose event names no PR.
  if (scope === 'queue') {
    // The job of use 3's hourly alert, whose previous runs the GitHub scenario holds.
    const env = plan.previousRead ? { GITHUB_API_URL: sim.url, GITHUB_RUN_ID: DEMO_RUN_ID, GITHUB_JOB: 'alert' } : {};
    return { inputs, eventName: 'schedule', event: scheduleEvent(), env };
  }
  // A comment, or one of Trunk's test runs: the event as GitHub delivers it.
  if (plan.eventName === 'issue_comment') return { inputs, ...commentRun() };
  const testRun = TEST_RUN_EVENTS[plan.eventName];
  if (testRun) {
    return { inputs, ...testRun(values['test-branch'] ?? testBranchFor(SCENARIOS[scenario]?.batch ?? [SIM_PR])) };
  }
  if (!github) return { inputs, env: {} };
  return { inputs, ...commitEvent(plan.eventName, github, values.before, sim.url) };
}

/**
 * A commit's full SHA from the first 7 or more characters of one the GitHub scenario knows, as a
 * person copies it from a line the action wrote ("base-sha 7939282…"); a full SHA or a word
 * (`push`, `none`) as it is.
 * @param {string} value @param {import('../simulator/github-scenarios.mjs').GitHubScenario} scenario @param {string} option
 */
function commitNamed(value, scenario, option) {
  if (!/^[0-9a-f]{7,39}$/i.test(value)) return value;
  const known = [
    ...graphOf(scenario, []).keys(),
    scenario.before ?? '',
    ...(scenario.runs ?? []).map((run) => run.headSha),
  ];
  const matching = [...new Set(known.filter((sha) => sha.startsWith(value.toLowerCase())))];
  if (matching.length !== 1) {
    throw new UsageError(
      `${option} ${value} names ${matching.length === 0 ? 'no' : 'more than one'} commit of this GitHub scenario`,
    );
  }
  return /** @type {string} */ (matching[0]);
}

/** A `schedule` event's payload: the cron line and the repository, no PR. */
function scheduleEvent() {
  return { schedule: '*/30 * * * *', repository: repositoryOf() };
}

function repositoryOf() {
  return { full_name: `${SIM_REPO.owner}/${SIM_REPO.name}`, default_branch: SIM_BRANCH };
}

/**
 * The event of a commit run on the default branch, on the GitHub scenario's commit: a push from
 * its `before`; a completed workflow_run of CI on it (listing the PRs open from the branch, as
 * GitHub's payload does); or a run by hand (workflow_dispatch) on the branch.
 * @param {string} eventName
 * @param {import('../simulator/github-scenarios.mjs').GitHubScenario} scenario
 * @param {string | undefined} before  --before, when given
 * @param {string} url  GitHub's API (the simulator)
 */
function commitEvent(eventName, scenario, before, url) {
  const sha = scenario.sha;
  const ref = `refs/heads/${SIM_BRANCH}`;
  const env = { GITHUB_API_URL: url, GITHUB_SHA: sha, GITHUB_REF: ref, GITHUB_RUN_ID: DEMO_RUN_ID };
  const repository = repositoryOf();
  if (eventName === 'workflow_run') {
    const listed = scenario.prs.filter((pr) => pr.state === 'open' && pr.headRef === SIM_BRANCH);
    const workflowRun = {
      id: 7_700_001,
      name: 'CI',
      event: 'push',
      status: 'completed',
      conclusion: 'success',
      head_branch: SIM_BRANCH,
      head_sha: sha,
      head_repository: { full_name: repository.full_name },
      pull_requests: listed.map((pr) => ({
        number: pr.number,
        head: { sha: pr.headSha, ref: pr.headRef },
        base: { ref: pr.baseRef },
      })),
    };
    return { eventName, event: { action: 'completed', workflow_run: workflowRun, repository }, env };
  }
  if (eventName === 'workflow_dispatch') return { eventName, event: { ref, inputs: {}, repository }, env };
  const from = before ? commitNamed(before, scenario, '--before') : (scenario.before ?? SIM_BASE_SHA);
  return { eventName: 'push', event: { ref, before: from, after: sha, deleted: false, repository }, env };
}
