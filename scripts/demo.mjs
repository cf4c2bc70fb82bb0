// @ts-check
// `npm run demo [-- options]`: starts the Trunk API simulator, runs the committed dist/index.js
// against it as the Actions runner would, and prints the step's log as it runs, then its outputs
// and job summary. The summary's HTML is also saved, to open in a browser.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMain, parseArgs, runCli, UsageError } from '../simulator/cli.mjs';
import { runAction } from '../simulator/runner.mjs';
import { commentRun, draftPrRun, testBranchFor, testPushRun, testRunCompletedRun } from '../simulator/events.mjs';
import {
  GITHUB_SCENARIOS,
  SCENARIOS,
  SIM_BASE_SHA,
  SIM_BRANCH,
  SIM_PR,
  SIM_REPO,
  startSimulator,
} from '../simulator/server.mjs';

const USAGE = `Usage: npm run demo [-- options]    (or: node scripts/demo.mjs [options])

Runs the committed dist/index.js against the Trunk API simulator, the way the Actions runner runs
it, and prints the step's log as it goes, then its outputs and job summary.

Options:
  --scenario NAME               what the simulated API answers (default: testing, or week
                                with --window)
  --api v1|v2|both              which credentials the step gets (default: v2): v2, a read-only
                                v2 key (api-key) for everything, the story included; v1, the v1
                                organization token (api-token) alone; both, v1 decides and v2
                                tells the story
  --scope pr|queue              the action's scope (default: pr, or queue with --window): pr
                                reports the scenario's PR; queue reports the queue itself, its
                                health first, as a scheduled status report would (try the
                                testing, paused, stalled and overdue scenarios)
  --stall-minutes N             the action's stall-minutes, with --scope queue (default: 30)
  --window W                    the action's window (1h to 45d, such as 7d): how the queue has
                                been doing, from Trunk's history (try the week, unhealthy-week
                                and busy-week scenarios)
  --max-failure-rate P          the action's max-failure-rate, with --window
  --max-time-in-queue-minutes M the action's max-time-in-queue-minutes, with --window
  --event NAME                  the event the step runs on (default: pull_request, or push
                                with --github-scenario). push is a deploy gate: a push to main
                                whose event names no PR, so the action asks the simulated
                                GitHub which PR brought the commit in (Trunk's scenario is then
                                merged unless --scenario names another). issue_comment: a
                                member comments /trunk merge on the PR. Trunk's own test runs,
                                on its test branch (a batch's with --scenario batch or
                                batch-left): draft-pr, the draft PR Trunk opens from it
                                (draft-PR mode); test-push, Trunk's push to it (push mode);
                                test-run-completed and test-run-completed-push, the CI
                                workflow's run on it completing (workflow_run), in either mode
  --test-branch NAME            with a test-run event, the branch instead of Trunk's own name
                                for the scenario's PRs (trunk-merge/pr-1842-1843/<id>): try
                                trunk-merge/docs-preview, which names no PR
  --github-scenario NAME        with --event push, what the simulated GitHub answers (default:
                                merged; try several, direct-inside-push, rebase-three,
                                long-push, direct-push; --list shows them all), with a
                                Trunk --scenario (merged, testing, merged-manually, merge-lag)
  --settle-seconds N            the action's settle-seconds, with --event push (default here: 10)
  --list                        list the scenarios and exit
  --wait-for STATES             the action's wait-for input (default: merged for the merging
                                scenario, else empty: no wait)
  --wait-timeout-seconds N      the action's wait-timeout-seconds (default here: 30)
  --poll-interval-seconds N     the action's poll-interval-seconds (default here: 1)
  --fail-if-not-ready           set the action's fail-if-not-ready to true
  -h, --help                    show this help and exit

Exit code: the action's (0 when the step passed, 1 when it failed); 2 for a bad command line.
`;

/** The events that need no option of their own. */
const PLAIN_EVENTS = ['pull_request', 'push', 'issue_comment'];

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

export async function main() {
  const { values } = parseArgs({
    options: {
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
      list: { type: 'boolean', default: false },
      'wait-for': { type: 'string' },
      // Short, so that a demo that waits shows its point in seconds, not the action's hour.
      'wait-timeout-seconds': { type: 'string', default: '30' },
      'poll-interval-seconds': { type: 'string', default: '1' },
      'fail-if-not-ready': { type: 'boolean', default: false },
      // Short, so that a push whose PR Trunk has not merged shows its point in seconds.
      'settle-seconds': { type: 'string', default: '10' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (values.list) {
    console.log('Scenarios (npm run demo -- --scenario NAME):');
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      console.log(`  ${name.padEnd(14)} ${scenario.description}`);
    }
    console.log('\nGitHub scenarios, for --event push (npm run demo -- --event push --github-scenario NAME):');
    for (const [name, scenario] of Object.entries(GITHUB_SCENARIOS)) {
      console.log(`  ${name.padEnd(20)} ${scenario.description}`);
    }
    return 0;
  }
  // A window is a report on the queue's past: the queue's scope, and a scenario that has one. A
  // GitHub scenario is a push's; and a push's Trunk, unless named, has merged its PR.
  const windowed = values.window !== undefined;
  const eventName = values.event ?? (values['github-scenario'] !== undefined ? 'push' : 'pull_request');
  const scenario = values.scenario ?? (windowed ? 'week' : eventName === 'push' ? 'merged' : 'testing');
  if (!SCENARIOS[scenario]) {
    throw new UsageError(`unknown scenario "${scenario}"; known: ${Object.keys(SCENARIOS).join(', ')}`);
  }
  const api = values.api;
  if (!['v1', 'v2', 'both'].includes(api)) throw new UsageError(`--api must be v1, v2 or both, got "${api}"`);
  const scope = values.scope ?? (windowed ? 'queue' : 'pr');
  if (!['pr', 'queue'].includes(scope)) throw new UsageError(`--scope must be pr or queue, got "${scope}"`);
  if (![...PLAIN_EVENTS, ...Object.keys(TEST_RUN_EVENTS)].includes(eventName)) {
    const known = [...PLAIN_EVENTS, ...Object.keys(TEST_RUN_EVENTS)].join(', ');
    throw new UsageError(`--event must be one of ${known}, got "${eventName}"`);
  }
  const testRun = TEST_RUN_EVENTS[eventName];
  if (values['test-branch'] !== undefined && !testRun) {
    throw new UsageError(`--test-branch goes with a test-run event (${Object.keys(TEST_RUN_EVENTS).join(', ')})`);
  }
  const testBranch = values['test-branch'] ?? testBranchFor(SCENARIOS[scenario]?.batch ?? [SIM_PR]);
  const push = eventName === 'push' && scope === 'pr';
  const githubScenario = values['github-scenario'] ?? 'merged';
  if (push && !GITHUB_SCENARIOS[githubScenario]) {
    throw new UsageError(
      `unknown GitHub scenario "${githubScenario}"; known: ${Object.keys(GITHUB_SCENARIOS).join(', ')}`,
    );
  }
  // The `merging` scenario only shows its point while waiting; the queue itself is read once.
  const waitFor = values['wait-for'] ?? (scenario === 'merging' && scope === 'pr' ? 'merged' : '');

  const sim = await startSimulator({ scenario, ...(push ? { github: githubScenario } : {}) });
  try {
    const inputs = {
      'api-token': api === 'v2' ? '' : sim.token,
      'api-key': api === 'v1' ? '' : sim.apiKey,
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
      'github-token': push ? sim.githubToken : '',
      'settle-seconds': push ? values['settle-seconds'] : '',
    };
    console.log(`Scenario "${scenario}": ${SCENARIOS[scenario]?.description}`);
    console.log(
      {
        v1: 'API: v1, with the organization token',
        v2: 'API: v2, with a read-only key',
        both: 'API: v1 decides, v2 tells the story',
      }[api],
    );
    console.log(`Simulator on ${sim.url}; running node dist/index.js with`);
    for (const [name, value] of Object.entries(inputs)) if (value) console.log(`  ${name}: ${value}`);

    section('Step log');
    const result = await runAction({
      inputs,
      // A report on the queue runs on a schedule, whose event names no PR.
      ...(scope === 'queue' ? { eventName: 'schedule', event: scheduleEvent() } : {}),
      // A deploy gate: the push's commit is the scenario's, and GitHub is the simulator.
      ...(push ? pushRun(sim.url, GITHUB_SCENARIOS[githubScenario]) : {}),
      // A comment, or one of Trunk's test runs: the event as GitHub delivers it.
      ...(scope === 'pr' && eventName === 'issue_comment' ? commentRun() : {}),
      ...(scope === 'pr' && testRun ? testRun(testBranch) : {}),
      onStdout: (chunk) => process.stdout.write(asShown(chunk)),
      onStderr: (chunk) => process.stderr.write(chunk),
    });
    console.log(`(exit code ${result.code}, ${Math.round(result.ms)} ms, ${sim.requests.length} API requests)`);

    section('Outputs');
    const width = Math.max(...Object.keys(result.outputs).map((name) => name.length));
    for (const [name, value] of Object.entries(result.outputs)) {
      const shown = value.length > 100 ? `${value.slice(0, 97)}… (${value.length} chars)` : value;
      console.log(`  ${name.padEnd(width)}  ${shown}`);
    }

    section('Job summary');
    console.log(htmlToText(result.summary));
    if (result.outputs['slack-text']) {
      section('slack-text (the report as a Slack message)');
      console.log(result.outputs['slack-text']);
    }
    const file = join(tmpdir(), `merge-queue-status-demo-${scenario}-${api}${scope === 'pr' ? '' : `-${scope}`}.html`);
    await writeFile(
      file,
      `<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif">${result.summary}`,
    );
    console.log(`\n(the summary as HTML: ${file})`);
    return result.code ?? 1;
  } finally {
    await sim.close();
  }
}

if (isMain(import.meta.url)) await runCli('npm run demo --', main);

/** A `schedule` event's payload: the cron line and the repository, no PR. */
function scheduleEvent() {
  return {
    schedule: '*/30 * * * *',
    repository: { full_name: `${SIM_REPO.owner}/${SIM_REPO.name}`, default_branch: SIM_BRANCH },
  };
}

/**
 * A push of the GitHub scenario's commit to the default branch, from its `before`, with GitHub's
 * API at the simulator.
 * @param {string} url @param {import('../simulator/github-scenarios.mjs').GitHubScenario | undefined} scenario
 */
function pushRun(url, scenario) {
  const sha = scenario?.sha ?? '';
  return {
    eventName: 'push',
    event: {
      ref: `refs/heads/${SIM_BRANCH}`,
      before: scenario?.before ?? SIM_BASE_SHA,
      after: sha,
      repository: { full_name: `${SIM_REPO.owner}/${SIM_REPO.name}`, default_branch: SIM_BRANCH },
    },
    env: { GITHUB_API_URL: url, GITHUB_SHA: sha, GITHUB_REF: `refs/heads/${SIM_BRANCH}` },
  };
}

/**
 * A workflow command's text as the runner shows it: the action escapes `%`, CR and LF in it
 * (`34.1 %25`), and the runner's log decodes them.
 * @param {string} chunk
 */
function asShown(chunk) {
  return chunk.replace(
    /^(::[a-z-]+(?: [^:\n]*)?::)(.*)$/gm,
    (_, command, data) => command + data.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%'),
  );
}

/** @param {string} title */
function section(title) {
  console.log(`\n── ${title} ${'─'.repeat(Math.max(0, 60 - title.length))}`);
}

/**
 * Renders the summary's HTML as terminal text: headings and captions on lines of their own, rows
 * on lines, cells apart, entities decoded.
 * @param {string} html
 */
export function htmlToText(html) {
  return html
    .replace(/<h[23]>(.*?)<\/h[23]>/g, '\n$1\n')
    .replace(/<\/summary>|<\/?table>|<\/?ul>/g, '\n')
    .replace(/<\/tr>|<br>|<\/li>|<\/p>/g, '\n')
    .replace(/<\/t[hd]>/g, '  ')
    .replace(/<li>/g, '  ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
