// The queue as the subject (`scope: queue`), wired: the queue read alone (no PR, no GitHub), its
// health judged, and what the run reports. It never throws: a read that failed is a failure to
// report, and the outputs and the summary are still written.
import type { Clock } from '../shared/time.js';
import type { Log } from '../shared/log.js';
import type { QueueAnswer } from '../core/model.js';
import { assessQueue, type QueueHealth } from '../core/health.js';
import { buildQueueReport } from '../core/queue-report.js';
import { failureMessage, isUnexpected, type Report } from '../core/report.js';
import type { QueueInputs } from '../runner/inputs.js';
import { queueOutputs } from '../render/queue-outputs.js';
import type { OutputSet } from '../render/outputs.js';
import { renderQueueSummary } from '../render/queue-summary.js';
import { sourceFor } from '../trunk/source.js';

export interface QueueRun {
  report: Report;
  outputs: OutputSet;
  /** The summary, once the step's failure, if any, is known. */
  summary(serverUrl: string, failure: string | undefined): string;
}

export async function reportOnQueue(
  inputs: QueueInputs,
  run: { log: Log; clock: Clock; random: () => number; cancel: AbortSignal },
): Promise<QueueRun> {
  const { log, cancel } = run;
  const repo = `${inputs.owner}/${inputs.name}`;
  let answer: QueueAnswer | undefined;
  let health: QueueHealth | undefined;
  let failure: string | undefined;
  try {
    answer = await sourceFor(inputs, run).readQueue(cancel);
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
      ? buildQueueReport({ queue: answer.queue, health, failIfNotReady: inputs.failIfNotReady })
      : { failures: failure ? [failure] : [], lines: [], warnings: [], notices: [] };
  return {
    report,
    outputs: queueOutputs(answer, health),
    summary: (serverUrl, stepFailure) =>
      renderQueueSummary({ answer, health, repo, serverUrl, failure: stepFailure, nowMs }),
  };
}
