// The log's account of the previous run's verdict (use 3's alert that speaks once): which run this
// one is compared with, or why there is none. Pure; a failed read is queue-report.ts's warning.
import { outside, plural } from '../../shared/format.js';
import type { VerdictRecord } from '../alerts.js';
import type { PastRun } from '../commit-range.js';
import { runName } from './run-name.js';
import { codesAfter } from './reasons.js';

/** "; 4 requests to GitHub": what the read cost, from the GitHub token's 1,000 an hour. */
const cost = (requests: number) => `; ${plural(requests, 'request')} to GitHub`;

export const previousWords = {
  /** The record found: "Compared with run #98 of this workflow, whose verdict on queue main was: not ready (queue_paused); 4 requests to GitHub." */
  found: (run: PastRun, record: VerdictRecord, requests: number) =>
    `Compared with ${runName(run)} of this workflow, whose verdict on queue ${outside(record.branch)} was: ${record.ready ? 'ready' : `not ready${codesAfter(record.reasons)}`}${cost(requests)}.`,
  /** None found in the runs looked at. */
  none: (looked: number, branch: string, requests: number) =>
    looked === 0
      ? `No run of this workflow came before this one, so there is no verdict to compare with: changed is true${cost(requests)}.`
      : `None of the ${plural(looked, 'run')} of this workflow before this one left this job's verdict on queue ${outside(branch)}, so changed is true${cost(requests)}.`,
  /** github-token set to nothing: the read is not made. */
  noToken:
    "github-token is empty, so this run does not read the previous run's verdict: changed is true and previous-ready is empty.",
  /** Off a runner: no run or job to look back from. */
  offRunner:
    "GITHUB_RUN_ID, GITHUB_JOB or GITHUB_REPOSITORY is not set (this is not a runner), so the previous run's verdict is not read: changed is true.",
};
