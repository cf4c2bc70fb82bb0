// The entry point's work: read inputs, ask the API, then set every output and the summary however
// that went. The only place an error becomes core.setFailed.
import * as core from '@actions/core';
import { ActionError, VerdictError } from './errors.js';
import { readEvent } from './event.js';
import { readInputs, type Inputs } from './inputs.js';
import { createLog, type Log } from './log.js';
import { observe, type Seen } from './observe.js';
import { deriveStatus, toOutputs, verdictText, type Status } from './status.js';
import { describeReason, renderSummary } from './summary.js';
import { TrunkClient } from './trunk-client.js';

export async function run(): Promise<void> {
  const token = core.getInput('api-token');
  // Masked before anything else can log it.
  if (token) core.setSecret(token);
  const log = createLog(token);
  try {
    await check(log);
  } catch (error) {
    // Writing outputs or the summary failed (no GITHUB_OUTPUT file, a full disk): still one line.
    core.setFailed(log.redact(failureMessage(error, log)));
  }
}

async function check(log: Log): Promise<void> {
  const seen: Seen = { wait: { waitedSeconds: 0, timedOut: false } };
  const event = readEvent(process.env);
  let inputs: Inputs | undefined;
  let failure: unknown;

  try {
    inputs = readInputs((name) => core.getInput(name), process.env, event);
    const client = new TrunkClient({
      apiUrl: inputs.apiUrl,
      token: inputs.apiToken,
      requestTimeoutMs: inputs.requestTimeoutMs,
      retries: inputs.retries,
      log: (line) => log.info(line),
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
      },
      seen,
    );
  } catch (error) {
    failure = error;
  }

  const status =
    inputs && seen.pr && seen.queue ? deriveStatus(inputs.pr, seen.pr, seen.queue, event.headSha) : undefined;
  if (!failure && inputs?.failIfNotReady && status && !status.ready) {
    const reasons = status.reasons.map((code) => `${code} (${describeReason(code)})`).join(', ');
    failure = new VerdictError(`PR #${status.prNumber} is not ready for the merge queue: ${reasons}.`);
  }
  if (status) log.info(statusLine(status));
  const message = failure === undefined ? undefined : failureMessage(failure, log);

  setOutputs(status, seen, log);
  if (inputs?.summary) await writeSummary(inputs, status, seen, message, log);
  if (message !== undefined) core.setFailed(log.redact(message));
}

function statusLine(status: Status): string {
  const { queue } = status;
  const place =
    status.position === undefined
      ? `not listed in the queue (${queue.enqueuedPullRequests.length} entries)`
      : `position ${status.position} of ${queue.enqueuedPullRequests.length}`;
  return `PR #${status.prNumber} is ${status.state} (${verdictText(status.reasons)}), ${place}; the ${queue.branch} queue is ${queue.state}.`;
}

function failureMessage(error: unknown, log: Log): string {
  if (error instanceof ActionError) return error.message;
  // Not an expected failure: the stack goes to the debug log, the annotation stays one line.
  log.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

function setOutputs(status: Status | undefined, seen: Seen, log: Log): void {
  const { outputs, omitted } = toOutputs(status, seen.wait);
  for (const line of omitted) log.info(line);
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, log.redact(value));
}

async function writeSummary(
  inputs: Inputs,
  status: Status | undefined,
  seen: Seen,
  failure: string | undefined,
  log: Log,
): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) {
    log.debug('GITHUB_STEP_SUMMARY is not set (not on a runner); no job summary written.');
    return;
  }
  const html = renderSummary({
    status,
    repo: `${inputs.owner}/${inputs.name}`,
    serverUrl: process.env.GITHUB_SERVER_URL || 'https://github.com',
    wait: seen.waitOutcome
      ? { waitFor: inputs.waitFor, waitedSeconds: seen.wait.waitedSeconds, outcome: seen.waitOutcome }
      : undefined,
    failure,
  });
  try {
    await core.summary.addRaw(log.redact(html)).write();
  } catch (error) {
    log.warning(`Could not write the job summary: ${error instanceof Error ? error.message : String(error)}`);
  }
}
