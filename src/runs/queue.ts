// The queue as the subject (`scope: queue`), wired: the queue read alone (no PR, no GitHub), its
// health judged, and, with `window`, how it has been doing over it, with the window before; then
// what the run reports. It never throws: a read that failed is a failure to report (or, for the
// history, its figures left empty with a warning), and the outputs and the summary are still written.
import type { Clock } from '../shared/time.js';
import type { Log } from '../shared/log.js';
import type { Redactor } from '../shared/redact.js';
import type { QueueAnswer, StatusSource } from '../core/model.js';
import { assessQueue, type QueueHealth } from '../core/health.js';
import { buildQueueReport } from '../core/queue-report.js';
import { failureMessage, isUnexpected, type Report } from '../core/report.js';
import { spans } from '../core/window/figures.js';
import { buildWindowReport, type WindowReport } from '../core/window/report.js';
import type { QueueInputs } from '../runner/inputs.js';
import { queueOutputs } from '../render/queue-outputs.js';
import type { OutputSet } from '../render/outputs.js';
import { renderQueueSummary } from '../render/queue-summary.js';
import { queueSlack } from '../render/slack-reports.js';
import { sourceFor } from '../trunk/source.js';
import type { RunView } from './view.js';

export interface QueueRun extends RunView {
  report: Report;
  outputs: OutputSet;
}

/** The history reads of a report over a window take at most this many requests, the window before included. */
const MAX_HISTORY_REQUESTS = 200;
/** And at most this long, or wait-timeout-seconds when that is shorter. */
const HISTORY_DEADLINE_MS = 120_000;

type RunTools = { log: Log; clock: Clock; random: () => number; cancel: AbortSignal; redactor: Redactor };

export async function reportOnQueue(inputs: QueueInputs, run: RunTools): Promise<QueueRun> {
  const { log, cancel } = run;
  const repo = `${inputs.owner}/${inputs.name}`;
  const startedMs = run.clock.now();
  let answer: QueueAnswer | undefined;
  let health: QueueHealth | undefined;
  let window: WindowReport | undefined;
  let failure: string | undefined;
  try {
    const source = sourceFor(inputs, run);
    answer = await source.readQueue(cancel);
    window = inputs.window && (await readWindow(source, inputs, startedMs, run));
  } catch (error) {
    if (cancel.aborted) {
      failure = `The step was cancelled (${String(cancel.reason)}) before the queue was read.`;
    } else {
      // Not an expected failure: the stack goes to the debug log, the annotation stays one line.
      if (isUnexpected(error)) log.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
      failure = failureMessage(error);
    }
  }
  const nowMs = run.clock.now();
  if (answer) health = assessQueue({ queue: answer.queue, nowMs, stallMinutes: inputs.stallMinutes });
  const report: Report =
    answer && health
      ? buildQueueReport({ queue: answer.queue, health, window, failIfNotReady: inputs.failIfNotReady })
      : { failures: failure ? [failure] : [], lines: [], warnings: [], notices: [] };
  if (answer && health && failure) report.failures.push(failure);
  return {
    report,
    outputs: queueOutputs(answer, health, window),
    summary: (serverUrl, stepFailure) =>
      renderQueueSummary({ answer, health, window, repo, serverUrl, failure: stepFailure, nowMs }),
    slack: (context) => queueSlack({ answer, health, window }, context),
  };
}

/** The window ends when the run started; the reads share the request cap and one deadline. */
async function readWindow(
  source: StatusSource,
  inputs: QueueInputs,
  startedMs: number,
  run: RunTools,
): Promise<WindowReport | undefined> {
  const { window } = inputs;
  if (!window) return undefined;
  const { current, before } = spans(startedMs, window.ms);
  const deadlineMs = run.clock.now() + Math.min(HISTORY_DEADLINE_MS, inputs.waitTimeoutMs);
  const answer = await source.readWindow(
    { current, before, maxRequests: MAX_HISTORY_REQUESTS, deadlineMs },
    run.cancel,
  );
  const limits = { maxFailureRate: inputs.maxFailureRate, maxTimeInQueueMinutes: inputs.maxTimeInQueueMinutes };
  return buildWindowReport({ answer, label: window.label, window: current, before, limits });
}
