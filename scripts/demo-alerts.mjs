// @ts-check
// `npm run demo -- --alert-sequence`: the README's use 3 alert, three hourly runs against the
// simulator: the queue is paused (a new problem: the alert posts), the same an hour later (changed
// is false: it stays quiet), then running again (the recovery: it posts). Each run leaves its
// verdict as a notice annotation of its job; the sequence hands that annotation to the simulated
// GitHub as the job's, so the next run reads it back as it would on GitHub. The runs take seconds,
// not hours: the simulator dates each earlier run, and the times in its record, an hour back per
// run since, so that the spell and the recovery read as they would.
import { recordNote, reportRun } from '../simulator/github-alerts.mjs';
import { SIM_BRANCH, SIM_REPO } from '../simulator/server.mjs';

/** The hourly runs: what Trunk answers at each, and what the README's alert does with the outputs. */
export const ALERT_STEPS = [
  { scenario: 'paused', title: 'the queue is paused' },
  { scenario: 'paused', title: 'an hour later, still paused' },
  { scenario: 'testing', title: 'an hour after that, running again' },
];
/** The run before the first, an hour earlier: it found the queue healthy. */
const SEED = { number: 96, step: -1, note: recordNote({ ready: true }) };
const HOUR_MS = 3_600_000;
const RECORD = /^::notice title=merge-queue-status verdict::(.*)$/m;

/**
 * @typedef {object} StepResult
 * @property {number | null} code  the step's exit code
 * @property {Record<string, string>} outputs
 * @property {string} log  the step's log, as the runner shows it (workflow commands decoded)
 */
/** @typedef {import("../simulator/github-jobs.mjs").SimAnnotation} Note */

/**
 * Runs the three steps, each through `run` (the bundle as the runner runs it, or run() in a test),
 * and answers with each one's result, whether use 3's alert posts it, and the GitHub requests it made.
 * @param {import('../simulator/server.mjs').Simulator} sim
 * @param {(options: import('../simulator/runner.mjs').RunOptions) => Promise<StepResult>} run
 * @param {(step: typeof ALERT_STEPS[number], number: number, result: StepResult, posted: boolean, requests: number) => void} [shown]
 */
export async function alertSequence(sim, run, shown = () => undefined) {
  /** @type {Array<{ number: number, step: number, note: Note }>} the records left, newest first */
  const left = [SEED];
  const results = [];
  sim.useGitHubScenario('alert-history');
  for (const [index, step] of ALERT_STEPS.entries()) {
    const number = 97 + index;
    sim.useScenario(step.scenario);
    const self = reportRun({ number, hoursAgo: 0 });
    const earlier = left.map((past) =>
      reportRun({ number: past.number, hoursAgo: index - past.step, notes: [aged(past.note, index - past.step)] }),
    );
    sim.setWorkflowRuns([{ ...self, status: 'in_progress', conclusion: null, jobs: [inProgress(self)] }, ...earlier]);
    const before = sim.requests.length;
    const result = await run(stepRun(sim, self.id));
    const requests = sim.requests.slice(before).filter((request) => request.api === 'github').length;
    // The alert's `if:`: changed == 'true' || failure().
    const posted = result.outputs.changed === 'true' || result.code !== 0;
    shown(step, number, result, posted, requests);
    results.push({ ...result, posted, requests });
    const record = RECORD.exec(result.log)?.[1];
    if (record) left.unshift({ number, step: index, note: { title: 'merge-queue-status verdict', message: record } });
  }
  return results;
}

/**
 * The step's run: use 3's alert inputs, a schedule event, and the runner's variables for this run.
 * @param {{ url: string, apiKey: string, githubToken: string }} sim @param {number} runId
 * @returns {import('../simulator/runner.mjs').RunOptions}
 */
function stepRun(sim, runId) {
  const repository = { full_name: `${SIM_REPO.owner}/${SIM_REPO.name}`, default_branch: SIM_BRANCH };
  return {
    inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, scope: 'queue', 'github-token': sim.githubToken },
    eventName: 'schedule',
    event: { schedule: '0 * * * *', repository },
    env: { GITHUB_API_URL: sim.url, GITHUB_RUN_ID: String(runId), GITHUB_JOB: 'alert' },
  };
}

/** This run's alert job, under way. @param {import('../simulator/github-runs.mjs').SimRun} run */
function inProgress(run) {
  return { id: run.id * 10 + 1, name: 'alert', status: /** @type {const} */ ('in_progress'), conclusion: null };
}

/**
 * A record as the simulator shows it `hours` later: its time of the spell moved back as far.
 * @param {Note} note @param {number} hours @returns {Note}
 */
function aged(note, hours) {
  const message = note.message.replace(/unhealthy-since=(\S+)/, (_, iso) => {
    const ms = Date.parse(iso) - hours * HOUR_MS;
    return `unhealthy-since=${new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')}`;
  });
  return { ...note, message };
}
