// What one of Trunk's own test runs reports. The queue's test run must never be failed by this
// step for its own troubles: Trunk reads the run's checks, and a red one fails every PR it tests.
// So only a PR the run tests that has left the queue (failed, cancelled, no longer submitted)
// fails the step, and only with fail-if-not-ready; every other not-ready answer, and whatever
// stopped the verdict, is a warning. Pure.
import { decideBatch, leftTheQueue, type BatchVerdict } from './batch.js';
import type { Report } from './report.js';
import type { Status } from './status.js';
import { notReadyLine } from './words/pr.js';
import { batchStatusLine, notFailingTestRun } from './words/test-run.js';

export interface TestRunReportInput {
  /** The first PR's report (./report.ts), built without fail-if-not-ready: this decides what fails. */
  first: Report;
  /** Every PR the run is about, the first included, in the branch's order; undefined when not all were read. */
  statuses?: Status[];
  /** Why the other PRs could not be read. */
  othersFailure?: string;
  failIfNotReady: boolean;
}

export interface TestRunReport extends Report {
  /** The verdict over every PR the run is about; undefined when they could not all be read. */
  batch?: BatchVerdict;
}

export function buildTestRunReport({
  first,
  statuses,
  othersFailure,
  failIfNotReady,
}: TestRunReportInput): TestRunReport {
  const warnings = [...first.warnings, ...first.failures.map(notFailingTestRun)];
  if (othersFailure) warnings.push(notFailingTestRun(othersFailure));
  if (!statuses) return { ...first, failures: [], warnings };
  const batch = decideBatch(statuses);
  const left: string[] = [];
  if (failIfNotReady) {
    for (const status of statuses) {
      if (status.verdict.ready) continue;
      const line = notReadyLine(status);
      if (leftTheQueue(status.verdict)) left.push(line);
      else warnings.push(notFailingTestRun(line));
    }
  }
  return {
    ...first,
    failures: left.length > 0 ? [left.join(' ')] : [],
    statusLine: statuses.length > 1 ? batchStatusLine(statuses, batch) : first.statusLine,
    warnings,
    batch,
  };
}
