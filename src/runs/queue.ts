// The queue as the subject (`scope: queue`), wired: the queue read alone, its health judged, and,
// with `window`, how it has been doing over it, with the window before; the verdict set against the
// one the previous run left (when a reader of it is given); then what the run reports. It never
// throws: a read that failed is a failure to report (or, for the history, its figures left empty
// with a warning; for the previous verdict, unknown with a warning), and the outputs and the
// summary are still written.
import type { QueueAnswer, StatusSource } from '../core/model.js';
import { assessQueue, type QueueHealth } from '../core/health.js';
import { buildQueueReport, queueVerdict } from '../core/queue-report.js';
import { decideAlert, type PreviousRead, type RecordKey } from '../core/alerts.js';
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
import type { RunTools } from './tools.js';

export interface QueueRun extends RunView {
  report: Report;
  outputs: OutputSet;
}

/** The history reads of a report over a window take at most this many requests, the window before included. */
const MAX_HISTORY_REQUESTS = 200;
/** And at most this long, or wait-timeout-seconds when that is shorter. */
const HISTORY_DEADLINE_MS = 120_000;

type QueueRunTools = RunTools & {
  /**
   * The runs of this workflow before this one, with the verdict this job left on this queue in each
   * (verdict-record.ts parses them). Not given: the previous verdict is unknown, so `changed` is true.
   */
  previousVerdicts?: (key: RecordKey, signal: AbortSignal) => Promise<PreviousRead>;
};

export async function reportOnQueue(inputs: QueueInputs, run: QueueRunTools): Promise<QueueRun> {
  const { log, cancel } = run;
  const repo = `${inputs.owner}/${inputs.name}`;
  const startedMs = run.clock.now();
  // Asked of GitHub while Trunk is: it needs nothing Trunk answers.
  const job = inputs.job ?? '';
  const previous = readPrevious(run, { repo, branch: inputs.targetBranch, job });
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
      const what = answer ? "the queue's history was read" : 'the queue was read';
      failure = `The step was cancelled (${String(cancel.reason)}) before ${what}.`;
    } else {
      // Not an expected failure: the stack goes to the debug log, the annotation stays one line.
      if (isUnexpected(error)) log.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
      failure = failureMessage(error);
    }
  }
  const nowMs = run.clock.now();
  // A verdict needs every read it asked for: a queue read whose window then failed (or was
  // cancelled) reaches none, and nothing of it is reported as if it had (ready, the record).
  if (answer && failure === undefined) {
    health = assessQueue({ queue: answer.queue, nowMs, stallMinutes: inputs.stallMinutes });
  } else answer = undefined;
  const verdict = health && queueVerdict(health, window);
  const alert = decideAlert({ verdict, nowMs, previous: await previous });
  const report: Report =
    answer && health
      ? buildQueueReport({
          queue: answer.queue,
          health,
          window,
          failIfNotReady: inputs.failIfNotReady,
          repo,
          job,
          alert,
        })
      : { failures: failure ? [failure] : [], lines: [], warnings: [], notices: [] };
  const shown = { answer, health, window, alert, repo, branch: inputs.targetBranch };
  return {
    report,
    outputs: queueOutputs(answer, health, window, alert),
    summary: (serverUrl, stepFailure, failed) =>
      renderQueueSummary({ ...shown, serverUrl, failure: stepFailure, failed, nowMs }),
    slack: (context) => queueSlack(shown, context),
  };
}

/** The previous runs' verdicts, or why they are unknown; never a rejection. */
async function readPrevious(run: QueueRunTools, key: RecordKey): Promise<PreviousRead> {
  if (!run.previousVerdicts) return { kind: 'not-read' };
  try {
    return await run.previousVerdicts(key, run.cancel);
  } catch (error) {
    return { kind: 'failed', message: failureMessage(error) };
  }
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
  const { maxFailureRate, maxTimeInQueueMinutes, minTrips } = inputs;
  const limits = { maxFailureRate, maxTimeInQueueMinutes, minTrips };
  return buildWindowReport({ answer, label: window.label, window: current, before, limits });
}
