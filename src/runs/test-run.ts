// One of Trunk's own test runs, wired: the first PR the run is about is read as a PR's run reads
// it (its queue, its story, a wait), then the others of a batch in one batched read (v2 asks up to
// 50 numbers at once; v1 asks each), and the run reports on all of them. It never throws, and it
// fails the step only for a PR that left the queue (core/test-run-report.ts).
import type { Log } from '../shared/log.js';
import type { PrAnswer, QueueAnswer } from '../core/model.js';
import { observe } from '../core/observe.js';
import { buildReport, failureMessage, isUnexpected, type Report } from '../core/report.js';
import { deriveStatus, type Status } from '../core/status.js';
import { buildTestRunReport } from '../core/test-run-report.js';
import { notFailingTestRun, testRunLine, unnamedTestBranchNotice } from '../core/words/test-run.js';
import type { Inputs } from '../runner/inputs.js';
import { renderBatchSummary, renderUnnamedSummary, withOthersUnread } from '../render/test-run-summary.js';
import { toOutputs, type OutputSet, type RunFacts } from '../render/outputs.js';
import { batchSlack, prSlack, unnamedSlack } from '../render/slack-reports.js';
import { renderSummary } from '../render/summary.js';
import { sourceFor } from '../trunk/source.js';
import type { RunView } from './view.js';
import type { RunTools } from './tools.js';

export interface TestRun extends RunView {
  report: Report;
  outputs: OutputSet;
}

/** @param branch the test branch, as the event named it */
export async function reportOnTestRun(inputs: Inputs, branch: string | undefined, tools: RunTools): Promise<TestRun> {
  const { log, cancel } = tools;
  const prs = inputs.batchPrs ?? [inputs.pr];
  if (branch) log.info(testRunLine(prs, branch));
  const source = sourceFor(inputs, tools);
  const observation = await observe({
    source,
    pr: inputs.pr,
    log,
    waitFor: inputs.waitFor,
    waitTimeoutMs: inputs.waitTimeoutMs,
    pollIntervalMs: inputs.pollIntervalMs,
    clock: tools.clock,
    random: tools.random,
    cancel,
  });
  if (observation.stop.kind === 'failed' && isUnexpected(observation.stop.error))
    debugStack(observation.stop.error, log);
  const others = prs.filter((number) => number !== inputs.pr);
  let answers: ReadonlyMap<number, PrAnswer> = new Map();
  let othersFailure: string | undefined;
  if (others.length > 0 && observation.pr && observation.queue) {
    try {
      answers = await source.readPrs(others, cancel, true);
    } catch (error) {
      if (isUnexpected(error)) debugStack(error, log);
      othersFailure = cancel.aborted
        ? `The step was cancelled (${String(cancel.reason)}) before Trunk had answered about PRs ${others.map((n) => `#${n}`).join(', ')}.`
        : failureMessage(error);
    }
  }
  const nowMs = tools.clock.now();
  const first = buildReport({
    prNumber: inputs.pr,
    observation,
    waitFor: inputs.waitFor,
    waitTimeoutMs: inputs.waitTimeoutMs,
    failIfNotReady: false,
    eventHeadSha: inputs.eventHeadSha,
    nowMs,
  });
  const queue = observation.queue;
  const statuses =
    first.status && queue && !othersFailure
      ? [first.status, ...others.map((number) => otherStatus(number, answers, queue, nowMs))]
      : undefined;
  const report = buildTestRunReport({ first, statuses, othersFailure, failIfNotReady: inputs.failIfNotReady });
  const { batch } = report;
  const facts: RunFacts = {
    pr: inputs.pr,
    mergeQueueRun: true,
    batchPrs: inputs.batchPrs,
    foundBy: inputs.foundBy,
    commitSha: inputs.commitSha,
  };
  // A run about the branch's PRs answers for all of them, or not at all (the others could not be
  // read): never for the first alone. With the pr input, for that PR alone.
  const verdict = !inputs.batchPrs
    ? {}
    : batch
      ? { ready: String(batch.ready), 'not-ready-reasons': batch.reasons.join(',') }
      : { ready: '', 'not-ready-reasons': '' };
  const repo = `${inputs.owner}/${inputs.name}`;
  const several = statuses && batch && statuses.length > 1 ? { statuses, verdict: batch } : undefined;
  return {
    report,
    outputs: toOutputs(first.status, facts, observation.wait, verdict),
    summary: (serverUrl, failure) => {
      if (several) return renderBatchSummary({ ...several, branch, repo, serverUrl, failure, nowMs });
      const html = renderSummary({
        status: first.status,
        facts,
        repo,
        serverUrl,
        wait: observation.wait,
        failure,
        nowMs,
      });
      return othersFailure ? withOthersUnread(html, notFailingTestRun(othersFailure)) : html;
    },
    slack: (context) => (several ? batchSlack(several, context) : prSlack(first.status, context)),
  };
}

/**
 * A test branch whose name lists no PR the way Trunk writes it: nothing to ask, one notice, and the
 * step passes with `ready` empty, so the queue's own test run is never turned red by this step.
 */
export function unnamedTestRun(branch: string): TestRun {
  return {
    report: { failures: [], lines: [], warnings: [], notices: [unnamedTestBranchNotice(branch)] },
    outputs: toOutputs(undefined, { mergeQueueRun: true }, undefined),
    summary: (_, failure) => renderUnnamedSummary(branch, failure),
    slack: (context) => unnamedSlack(branch, context),
  };
}

/** Another PR of the batch, as Trunk answered it (absent: not in this queue), in the same queue. */
function otherStatus(
  prNumber: number,
  answers: ReadonlyMap<number, PrAnswer>,
  queue: QueueAnswer,
  nowMs: number,
): Status {
  return deriveStatus({ prNumber, answer: answers.get(prNumber) ?? { found: false }, queue, nowMs });
}

// Not an expected failure: the stack goes to the debug log, the warning stays one line.
function debugStack(error: unknown, log: Log): void {
  log.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
