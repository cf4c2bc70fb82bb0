// The entry point's work: read inputs, ask the API, then set every output and the summary however
// that went. The only place an error becomes a failed step.
import { ActionError } from './errors.js';
import { plural } from './format.js';
import { readEvent } from './event.js';
import { readInputs, type Inputs } from './inputs.js';
import { createLog, type Log } from './log.js';
import { observe, type Seen } from './observe.js';
import { toOutputs, type RunFacts } from './outputs.js';
import { createRedactor, type Redactor } from './redact.js';
import { actionsRunner, type RunnerIO } from './runner-io.js';
import { deriveStatus, queueStateNote, type Status } from './status.js';
import { renderSummary } from './summary.js';
import { TrunkClient } from './trunk-client.js';
import { describeReason, stateText, verdictText } from './verdict.js';

export async function run(overrides: Partial<RunnerIO> = {}): Promise<void> {
  const io: RunnerIO = { ...actionsRunner, ...overrides };
  const token = io.getInput('api-token').trim();
  // Masked before anything else can log it.
  if (token) io.setSecret(token);
  const redactor = createRedactor(token);
  const log = createLog(io, redactor);
  let failures: string[];
  try {
    failures = await check(io, redactor, log);
  } catch (error) {
    failures = [failureMessage(error, log)];
  }
  // Several things can fail in one run (the API, then writing the outputs): one line says each.
  if (failures.length > 0) io.setFailed(oneMessage(failures, redactor));
}

function oneMessage(failures: string[], redactor: Redactor): string {
  return redactor.text(failures.join(' Also: '));
}

/** Does the run's work; answers with the failures to report, in the order they happened. */
async function check(io: RunnerIO, redactor: Redactor, log: Log): Promise<string[]> {
  const event = readEvent(io.env);
  if (event.problem) log.warning(`${event.problem}; the event's defaults are not available.`);
  const seen: Seen = {};
  let inputs: Inputs | undefined;
  let failure: unknown;

  try {
    inputs = readInputs((name) => io.getInput(name), io.env, event, redactor);
    if (event.mergeQueuePr !== undefined) {
      log.info(
        `This run is one of the merge queue's test runs, for PR #${event.mergeQueuePr} (its trunk-merge/ branch).`,
      );
    }
    log.debug(
      `Asking ${inputs.apiUrl} about PR #${inputs.pr} of ${inputs.owner}/${inputs.name} on ${inputs.repoHost}, queue branch ${inputs.targetBranch}.`,
    );
    const client = new TrunkClient({
      apiUrl: inputs.apiUrl,
      token: inputs.apiToken,
      requestTimeoutMs: inputs.requestTimeoutMs,
      retries: inputs.retries,
      log: (line) => log.info(line),
      clock: io.clock,
      random: io.random,
      redactor,
    });
    await observe(
      {
        client,
        ref: { host: inputs.repoHost, owner: inputs.owner, name: inputs.name, targetBranch: inputs.targetBranch },
        pr: inputs.pr,
        log,
        waitFor: inputs.waitFor,
        waitTimeoutMs: inputs.waitTimeoutMs,
        pollIntervalMs: inputs.pollIntervalMs,
        clock: io.clock,
        random: io.random,
      },
      seen,
    );
  } catch (error) {
    failure = error;
  }

  const status =
    inputs && seen.pr && seen.queue
      ? deriveStatus({
          prNumber: inputs.pr,
          answer: seen.pr,
          queue: seen.queue.queue,
          queueBody: seen.queue.body,
          eventHeadSha: inputs.eventHeadSha,
          nowMs: io.clock.now(),
        })
      : undefined;
  const failures = failure === undefined ? [] : [failureMessage(failure, log)];
  // On the last answer, whatever else failed (a wait that timed out, say): its reasons are news too.
  if (inputs?.failIfNotReady && status && !status.verdict.ready) {
    const reasons = status.verdict.reasons.map((code) => `${code} (${describeReason(code)})`).join(', ');
    failures.push(`PR #${status.prNumber} is not ready for the merge queue: ${reasons}.`);
  }
  if (status) {
    log.info(statusLine(status));
    const note = queueStateNote(status);
    if (note && note !== seen.queueWarning) log.warning(note);
  }

  const facts: RunFacts = { pr: inputs?.pr, mergeQueueRun: inputs?.mergeQueueRun ?? event.mergeQueuePr !== undefined };
  const { outputs, omitted } = toOutputs(status, facts, seen.wait);
  for (const line of omitted) log.info(line);
  try {
    for (const [name, value] of Object.entries(outputs)) io.setOutput(name, value);
  } catch (error) {
    failures.push(`The step's outputs could not be written: ${messageOf(error)}`);
  }

  // A run whose inputs failed still says so in the summary, unless it was asked for none.
  const wantSummary = inputs ? inputs.summary : !/^false$/i.test(io.getInput('summary').trim());
  if (wantSummary && io.env.GITHUB_STEP_SUMMARY) {
    const html = renderSummary({
      status,
      facts,
      repo: inputs ? `${inputs.owner}/${inputs.name}` : '',
      serverUrl: io.env.GITHUB_SERVER_URL || 'https://github.com',
      wait: seen.wait,
      failure: failures.length > 0 ? oneMessage(failures, redactor) : undefined,
      nowMs: io.clock.now(),
    });
    try {
      await io.writeSummary(html);
    } catch (error) {
      log.warning(`Could not write the job summary: ${messageOf(error)}`);
    }
  } else if (wantSummary) {
    log.debug('GITHUB_STEP_SUMMARY is not set (not on a runner); no job summary written.');
  }
  return failures;
}

function statusLine(status: Status): string {
  const { queue } = status;
  const length = queue.enqueuedPullRequests.length;
  const place =
    status.position === undefined
      ? `not listed in the queue (${plural(length, 'entry', 'entries')})`
      : `position ${status.position} of ${length}`;
  return `PR #${status.prNumber} is ${stateText(status.state)} (${verdictText(status.verdict)}), ${place}; the ${queue.branch} queue is ${queue.state}.`;
}

function failureMessage(error: unknown, log: Log): string {
  if (error instanceof ActionError) return error.message;
  // Not an expected failure: the stack goes to the debug log, the annotation stays one line.
  log.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return `Unexpected error: ${messageOf(error)}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
