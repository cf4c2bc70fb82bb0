// @ts-check
// The README's use 3 workflow ("Merge queue report": an hourly alert job and a weekly report job,
// each run of it one or the other, the job that does not run skipped) and its past runs, whose
// jobs left their verdicts as notice annotations for the next run to read back. The records are
// text as GitHub gives it back, written here as the action writes them (src/core/verdict-record.ts).
import { shaOf } from './github-bodies.mjs';
import { minutesAgo, SIM_BRANCH, SIM_REPO } from './scenarios.mjs';

/** @typedef {import('./github-runs.mjs').SimRun} SimRun */
/** @typedef {import('./github-jobs.mjs').SimAnnotation} SimAnnotation */

/** Use 3's workflow, as its runs name it. */
export const REPORT_WORKFLOW = { name: 'Merge queue report', path: '.github/workflows/merge-queue-report.yml' };
/** The annotation title the action finds its record by. */
const RECORD_TITLE = 'merge-queue-status verdict';

/**
 * A record's annotation, as the action leaves it.
 * @param {{ job?: string, ready: boolean, reasons?: string[], since?: string, branch?: string }} verdict
 * @returns {SimAnnotation}
 */
export function recordNote({ job = 'alert', ready, reasons = [], since = '', branch = SIM_BRANCH }) {
  const repo = `${SIM_REPO.owner}/${SIM_REPO.name}`;
  const fields = `job=${job} repo=${repo} target-branch=${branch} ready=${ready} not-ready-reasons=${reasons.join(',')} unhealthy-since=${since}`;
  return { title: RECORD_TITLE, message: `Left for the next run of this job to compare: ${fields}` };
}

/**
 * A past run of use 3's workflow, `hoursAgo` hours before now: an hourly one (the alert job ran,
 * the weekly one was skipped) or a weekly one (the other way round). The job that ran ended as
 * `conclusion` and left `notes` (its annotations: a record, or none when it failed before a verdict).
 * @param {{ number: number, hoursAgo?: number, kind?: 'hourly' | 'weekly',
 *   conclusion?: 'success' | 'failure' | 'cancelled', notes?: SimAnnotation[] }} run
 * @returns {SimRun}
 */
export function reportRun({ number, hoursAgo = 99 - number, kind = 'hourly', conclusion = 'success', notes = [] }) {
  const id = 8_100_000 + number;
  const ran = kind === 'hourly' ? 'alert' : 'weekly';
  const job = (/** @type {string} */ name, /** @type {number} */ offset) =>
    name === ran
      ? { id: id * 10 + offset, name, conclusion, annotations: notes }
      : { id: id * 10 + offset, name, conclusion: /** @type {const} */ ('skipped') };
  return {
    id,
    number,
    headSha: shaOf('main when the report ran'),
    event: 'schedule',
    conclusion,
    title: REPORT_WORKFLOW.name,
    createdAt: minutesAgo(hoursAgo * 60),
    jobs: [job('alert', 1), job('weekly', 2)],
  };
}

/** A notice another step of the job left: not a record. */
const OTHER_NOTE = { title: null, message: 'Queue main is paused: 1 testing, 2 waiting.' };

/**
 * The alert's recent history, newest first: #98 failed before a verdict (no record), #97 was the
 * weekly report's run (its own record, job weekly), #96 found the queue paused since 3 h ago, #95
 * healthy. This run is #99.
 * @type {SimRun[]}
 */
export const ALERT_HISTORY = [
  reportRun({ number: 98, conclusion: 'failure' }),
  reportRun({ number: 97, kind: 'weekly', notes: [recordNote({ job: 'weekly', ready: true })] }),
  reportRun({
    number: 96,
    notes: [OTHER_NOTE, recordNote({ ready: false, reasons: ['queue_paused'], since: minutesAgo(180) })],
  }),
  reportRun({ number: 95, notes: [recordNote({ ready: true })] }),
];
