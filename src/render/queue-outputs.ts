// The outputs of a report on the queue itself (`scope: queue`): the queue's own outputs, its health
// as `ready` and `not-ready-reasons`, and how many test and wait. The PR outputs stay empty: there
// is no PR. Pure.
import type { QueueAnswer } from '../core/model.js';
import type { QueueHealth } from '../core/health.js';
import { blankOutputs, bounded, type OutputSet, type Outputs } from './outputs.js';
import { queueVerdict } from '../core/queue-report.js';
import type { WindowReport } from '../core/window/report.js';
import { isSafeLink } from './html.js';
import { rate } from '../shared/format.js';
import { isoSeconds } from '../shared/time.js';
import type { AlertState } from '../core/alerts.js';

/** @param answer undefined when the queue could not be read: every output is empty then, but what the alert knows. */
export function queueOutputs(
  answer: QueueAnswer | undefined,
  health: QueueHealth | undefined,
  window?: WindowReport,
  alert?: AlertState,
): OutputSet {
  const outputs = blankOutputs();
  // Nothing waits in this scope; a workflow reading these gets what it would without wait-for.
  outputs['waited-seconds'] = '0';
  outputs['timed-out'] = 'false';
  if (window) Object.assign(outputs, windowOutputs(window));
  if (alert) Object.assign(outputs, alertOutputs(alert));
  if (answer && health) {
    const { queue } = answer;
    const verdict = queueVerdict(health, window);
    Object.assign(outputs, {
      ready: String(verdict.ready),
      'not-ready-reasons': verdict.reasons.join(','),
      'queue-length': String(queue.length),
      'queue-state': queue.state,
      'queue-mode': queue.mode,
      'queue-testing': String(health.testing),
      'queue-waiting': String(health.waiting),
      'queue-longest-wait-seconds': seconds(health.longestWait?.ageSeconds),
      'queue-oldest-testing-seconds': seconds(health.oldestTesting?.ageSeconds),
    });
  }
  return bounded(outputs, { 'pr-json': '', 'queue-json': answer?.json ?? '' });
}

const seconds = (value: number | undefined) => (value === undefined ? '' : String(value));

/** This run's verdict against the previous run's: what an alert posts on. */
function alertOutputs(alert: AlertState): Partial<Outputs> {
  return {
    'previous-ready': alert.previousReady === undefined ? '' : String(alert.previousReady),
    changed: String(alert.changed),
    'unhealthy-since': alert.unhealthySinceMs === undefined ? '' : isoSeconds(alert.unhealthySinceMs),
  };
}

/**
 * The window's figures as outputs: a figure not read is empty, a count read with nothing in it is
 * `0`; a rate or a percentile of nothing is empty, never `0` or `NaN`; a bucket bound of +Inf is
 * empty too (no number holds it; the summary says "over 2 h").
 */
function windowOutputs(window: WindowReport): Partial<Outputs> {
  const { figures } = window;
  const finite = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? '' : String(value));
  const json = <T>(rows: T[] | undefined) => (rows === undefined ? '' : JSON.stringify(rows));
  const kind = figures.timeInQueue?.kind ?? figures.testing?.kind;
  const measured = (figures.timeInQueue?.count ?? 0) + (figures.testing?.count ?? 0) > 0;
  return {
    'merged-count': finite(figures.merged),
    'failed-count': finite(figures.failed),
    'cancelled-count': finite(figures.cancelled),
    'failure-rate': figures.failureRate === undefined ? '' : rate(figures.failureRate),
    'time-in-queue-p50-seconds': finite(figures.timeInQueue?.p50Seconds),
    'time-in-queue-p90-seconds': finite(figures.timeInQueue?.p90Seconds),
    'testing-p50-seconds': finite(figures.testing?.p50Seconds),
    'testing-p90-seconds': finite(figures.testing?.p90Seconds),
    restarts: finite(figures.restarts),
    'attempts-per-merge': figures.attemptsPerMerge === undefined ? '' : rate(figures.attemptsPerMerge),
    'retried-merges': finite(figures.retriedMerges),
    'repeat-failures': finite(figures.repeatFailures),
    'top-failure-reasons': json(figures.topFailureReasons),
    'top-failing-checks': json(
      figures.topFailingChecks?.map((check) => ({ ...check, url: isSafeLink(check.url) ? check.url : null })),
    ),
    'percentile-kind': kind && measured ? kind : '',
  };
}
