// @ts-check
// `npm run demo [-- options]`: starts the Trunk API simulator, runs the committed dist/index.js
// against it as the Actions runner would, and prints the step's log as it runs, then its outputs
// and job summary. The summary's HTML is also saved, to open in a browser.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMain, parseArgs, runCli } from '../simulator/cli.mjs';
import { runAction } from '../simulator/runner.mjs';
import { GITHUB_SCENARIOS, SCENARIOS, startSimulator } from '../simulator/server.mjs';
import { DEMO_OPTIONS, demoPlan, demoRun } from './demo-setup.mjs';
import { alertSequence } from './demo-alerts.mjs';

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
  --event NAME                  the event the step runs on: pull_request (the default);
                                issue_comment, a member commenting /trunk merge on the PR;
                                Trunk's own test runs, on its test branch (a batch's with
                                --scenario batch or batch-left): draft-pr, the draft PR Trunk
                                opens from it (draft-PR mode); test-push, Trunk's push to it
                                (push mode); test-run-completed and test-run-completed-push,
                                the CI workflow's run on it completing (workflow_run), in either
                                mode. Or a deploy gate's: push (the default with
                                --github-scenario), a push to main whose event names no PR, so
                                the action asks the simulated GitHub which PR brought each
                                commit in; workflow_run, CI's run on main completing;
                                workflow_dispatch, a run by hand on main (Trunk's scenario is
                                then merged unless --scenario names another)
  --test-branch NAME            with a test-run event, the branch instead of Trunk's own name
                                for the scenario's PRs (trunk-merge/pr-1842-1843/<id>): try
                                trunk-merge/docs-preview, which names no PR
  --github-scenario NAME        for a deploy gate, what the simulated GitHub answers (default:
                                merged; try direct-push, direct-inside-push, held-direct,
                                promotion-pr, other-queue, rebase-101, sixty-prs, force-push;
                                --list shows them all), with a Trunk --scenario (merged,
                                testing, merged-manually, merged-no-reason, merge-lag); with
                                --scope queue, the past runs of use 3's alert whose verdict
                                it reads (alert-history)
  --before SHA                  a push's before (default: the GitHub scenario's); 7 or more
                                characters of a commit the scenario knows will do
  --base-sha VALUE              the action's base-sha: last-success (the default: where this
                                workflow last succeeded, from the scenario's runs), push, none,
                                or a commit (7 or more characters will do)
  --settle-seconds N            the action's settle-seconds, for a deploy gate (default here: 10)
  --list                        list the scenarios and exit
  --wait-for STATES             the action's wait-for input (default: merged for the merging
                                scenario, else empty: no wait)
  --wait-timeout-seconds N      the action's wait-timeout-seconds (default here: 30)
  --poll-interval-seconds N     the action's poll-interval-seconds (default here: 1)
  --fail-if-not-ready           set the action's fail-if-not-ready to true
  --alert-sequence              the README's use 3 alert, three hourly runs: the queue paused
                                (it posts), the same an hour later (it stays quiet), running
                                again (it posts the recovery); each run reads the verdict the
                                one before left, through the simulated GitHub
  -h, --help                    show this help and exit

Exit code: the action's (0 when the step passed, 1 when it failed); 2 for a bad command line.
`;

export async function main() {
  const { values } = parseArgs({ options: DEMO_OPTIONS });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (values.list) {
    console.log('Scenarios (npm run demo -- --scenario NAME):');
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      console.log(`  ${name.padEnd(16)} ${scenario.description}`);
    }
    console.log(
      '\nGitHub scenarios, for a deploy gate, and alert-history for use 3 with --scope queue (npm run demo -- --github-scenario NAME):',
    );
    for (const [name, scenario] of Object.entries(GITHUB_SCENARIOS)) {
      console.log(`  ${name.padEnd(22)} ${scenario.description}`);
    }
    return 0;
  }
  if (values['alert-sequence']) return showAlertSequence();
  const plan = demoPlan(values);
  const { scenario, scope, commitRun } = plan;
  const api = values.api;
  const sim = await startSimulator({
    scenario,
    ...(commitRun || plan.previousRead ? { github: plan.githubScenario } : {}),
  });
  try {
    const run = demoRun(values, plan, sim);
    console.log(`Scenario "${scenario}": ${SCENARIOS[scenario]?.description}`);
    if (plan.previousRead)
      console.log(`GitHub scenario "${plan.githubScenario}": ${GITHUB_SCENARIOS[plan.githubScenario]?.description}`);
    if (commitRun) {
      console.log(`GitHub scenario "${plan.githubScenario}": ${GITHUB_SCENARIOS[plan.githubScenario]?.description}`);
      console.log(`Event: ${run.eventName}`);
    }
    console.log(
      {
        v1: 'API: v1, with the organization token',
        v2: 'API: v2, with a read-only key',
        both: 'API: v1 decides, v2 tells the story',
      }[api],
    );
    console.log(`Simulator on ${sim.url}; running node dist/index.js with`);
    for (const [name, value] of Object.entries(run.inputs)) if (value) console.log(`  ${name}: ${value}`);

    section('Step log');
    const result = await runAction({
      ...run,
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

/** The three runs of `--alert-sequence`, each as the step logs it, its outputs and what Slack gets. */
async function showAlertSequence() {
  const sim = await startSimulator({});
  try {
    console.log(
      "Use 3's hourly alert, three runs an hour apart. Each runs now, so the times it prints are now's;\n" +
        'the simulator dates the runs before it back an hour each, so unhealthy-since is an hour earlier\n' +
        'in the run after, and the recovery counts the 2 h since the first.',
    );
    const run = async (/** @type {import('../simulator/runner.mjs').RunOptions} */ options) => {
      const result = await runAction(options);
      return { code: result.code, outputs: result.outputs, log: asShown(result.stdout) };
    };
    const results = await alertSequence(sim, run, (step, number, result, posted, requests) => {
      section(`Run #${number}: ${step.title}`);
      process.stdout.write(result.log);
      const names = ['ready', 'not-ready-reasons', 'previous-ready', 'changed', 'unhealthy-since'];
      for (const name of names) console.log(`  ${name.padEnd(17)}  ${result.outputs[name] ?? ''}`);
      console.log(`  (${requests} requests to GitHub)`);
      console.log(
        posted ? '\nThe alert posts to Slack:' : '\nThe alert stays quiet (changed is false); it would have said:',
      );
      console.log(result.outputs['slack-text']);
    });
    return results.every((result) => result.code === 0) ? 0 : 1;
  } finally {
    await sim.close();
  }
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
