// The entry point's work: read inputs, ask the API, then set every output and the summary however
// that went. The only place an error becomes a failed step, and the exit every text passes
// through: every answer was redacted as it arrived (the adapters get the redactor), and here, a
// second wall, the credentials are cut out of each log line, the error line, and the text from
// outside in the outputs, the summary, `markdown` and `slack-text`, which are also held to their
// limits and link only to the hosts an answer's links belong on. What the action computed (a
// number, a boolean, the PR it asked about) is written as it is.
import { messageOf } from './shared/errors.js';
import { readEvent } from './runner/event.js';
import { clip, oneLine, plainWords } from './shared/format.js';
import { onRequestSent } from './http/transport.js';
import { readInputs, repoNamed, summaryWanted, type Inputs, type QueueInputs } from './runner/inputs.js';
import { SECRET_INPUTS } from './runner/credentials.js';
import { createLog, type Log } from './shared/log.js';
import { observe } from './core/observe.js';
import type { Observation } from './core/observation.js';
import { redactOutputs, toOutputs, withoutVerdict, type RunFacts } from './render/outputs.js';
import { withLinkHosts, withRedaction } from './render/html.js';
import { createRedactor, unmaskable, type Redactor } from './shared/redact.js';
import { buildReport, failureMessage, isUnexpected } from './core/report.js';
import { actionsRunner, type RunnerIO } from './runner/io.js';
import { sourceFor } from './trunk/source.js';
import { renderSummary } from './render/summary.js';
import { reportOnQueue, type QueueRun } from './runs/queue.js';
import { previousVerdictReader } from './runs/previous-verdict.js';
import type { CommitRun } from './runs/commit.js';
import type { RunView } from './runs/view.js';
import { asComment } from './render/comment.js';
import { summaryFitted } from './render/fit.js';
import { prSlack } from './render/slack-reports.js';
import { linkHosts, runUrl } from './runner/locations.js';
import { reportOnTestRun, unnamedTestRun, type TestRun } from './runs/test-run.js';
import { notFailingTestRun } from './core/words/test-run.js';

/** The `::error::` line's length at most, in characters. */
const ERROR_LINE_CHARS = 500;

/** How long the runner's own I/O waits for the first request to go out before it loads anyway. */
const PRELOAD_FALLBACK_MS = 150;

export async function run(overrides: Partial<RunnerIO> = {}): Promise<void> {
  const io: RunnerIO = { ...actionsRunner, ...overrides };
  // A value too plain to mask is refused before any request (readInputs), so it is never sent, and
  // masking it would only hide ordinary words in the error that says so.
  const secrets = SECRET_INPUTS.map((name) => io.getInput(name).trim()).filter((value) => value && !unmaskable(value));
  // Masked before anything else can log them.
  for (const secret of secrets) io.setSecret(secret);
  const redactor = createRedactor(secrets);
  const log = createLog(io, redactor);
  const cancel = new AbortController();
  const stopListening = io.onCancel((reason) => cancel.abort(reason));
  let failures: string[];
  try {
    failures = await check(io, redactor, log, cancel.signal);
  } catch (error) {
    failures = [failureOf(error, log)];
  } finally {
    stopListening();
  }
  // Several things can fail in one run (the API, then writing the outputs): one line says each,
  // and one line it is: the runner would show an escaped line break from API text as a second.
  if (failures.length > 0) io.setFailed(errorLine(redactor.text(oneLine(plainWords(failures.join(' Also: ')))), log));
  // Whatever the runner's I/O still has queued is written before the step ends.
  await io.settle().catch(() => undefined);
}

/** Does the run's work; answers with the failures to report, in the order they happened. */
async function check(io: RunnerIO, redactor: Redactor, log: Log, cancel: AbortSignal): Promise<string[]> {
  const event = readEvent(io.env, redactor);
  if (event.problem) log.warning(`${event.problem}; the event's defaults are not available.`);
  let inputs: Inputs | QueueInputs | undefined;
  let observation: Observation | undefined;
  // A report on the queue itself, the verdict on a commit, or one of Trunk's test runs: no one PR to observe.
  let queued: QueueRun | CommitRun | TestRun | undefined;
  const failures: string[] = [];
  const tools = { log, clock: io.clock, random: io.random, cancel, redactor };
  // Named in the messages of a step whose inputs fail, too: a channel of several repositories reads them.
  let repo = repoNamed((name) => io.getInput(name), io.env);
  let apiUrl: string | undefined;
  // A test branch naming no PR: nothing to decide, and ready stays empty.
  let unnamedBranch = false;
  try {
    const read = readInputs((name) => io.getInput(name), io.env, event, redactor);
    repo = `${read.owner}/${read.name}`;
    apiUrl = 'apiUrl' in read ? read.apiUrl : undefined;
    unnamedBranch = read.scope === 'test-branch';
    if (read.scope === 'test-branch') queued = unnamedTestRun(read.testBranch);
    else if (read.scope !== 'commit') inputs = read;
    else {
      // Loaded here only, as GitHub's client is: a PR's own run never needs the commit verdict.
      const { findCommitPr } = await import('./runs/commit.js');
      const found = await findCommitPr(read, tools);
      if ('scope' in found) inputs = found;
      else queued = found;
    }
  } catch (error) {
    failures.push(failureOf(error, log));
  }
  if (inputs) {
    log.debug(
      `Asking ${inputs.apiUrl} about ${inputs.scope === 'pr' ? `PR #${inputs.pr}` : 'the queue'} of ${inputs.owner}/${inputs.name} on ${inputs.repoHost}, queue branch ${inputs.targetBranch}.`,
    );
    // Once the first request is on its way, the runner's own I/O loads while it waits for Trunk;
    // a connection that never opens must not keep the log waiting, so it loads soon anyway.
    const preload = () => {
      stopListening();
      clearTimeout(fallback);
      io.preload();
    };
    const stopListening = onRequestSent(preload);
    const fallback = setTimeout(preload, PRELOAD_FALLBACK_MS).unref();
    if (inputs.scope === 'queue') {
      const previousVerdicts = previousVerdictReader(inputs, tools);
      queued = await reportOnQueue(inputs, { ...tools, ...(previousVerdicts ? { previousVerdicts } : {}) });
    } else if (inputs.mergeQueueRun) {
      queued = await reportOnTestRun(inputs, event.mergeQueue?.branch, tools);
    } else {
      observation = await observe({
        source: sourceFor(inputs, tools),
        pr: inputs.pr,
        log,
        waitFor: inputs.waitFor,
        waitTimeoutMs: inputs.waitTimeoutMs,
        pollIntervalMs: inputs.pollIntervalMs,
        clock: io.clock,
        random: io.random,
        cancel,
      });
    }
    stopListening();
    clearTimeout(fallback);
    if (observation?.stop.kind === 'failed' && isUnexpected(observation.stop.error)) {
      debugStack(observation.stop.error, log);
    }
  }

  const report = queued
    ? queued.report
    : inputs?.scope === 'pr' && observation
      ? buildReport({
          prNumber: inputs.pr,
          observation,
          waitFor: inputs.waitFor,
          waitTimeoutMs: inputs.waitTimeoutMs,
          failIfNotReady: inputs.failIfNotReady,
          eventHeadSha: inputs.eventHeadSha,
          nowMs: io.clock.now(),
        })
      : undefined;
  if (report) {
    failures.push(...report.failures);
    // Said once: not again when the error line says it.
    if (report.statusLine && !report.failures.includes(report.statusLine)) log.info(report.statusLine);
    for (const line of report.lines) log.info(line);
    for (const line of report.warnings) log.warning(line);
    // Before the other notices: a step keeps only its first ten, and the next run looks for this one.
    if (report.record) log.notice(report.record.message, report.record.title);
    for (const line of report.notices) log.notice(line);
  }
  // One of Trunk's own test runs is never turned red by this step but for a PR that left the queue,
  // the one failure its report keeps: anything else that failed (the inputs, say) is a warning.
  const testRun = event.mergeQueue !== undefined && !queueScope(io);
  const warned = testRun ? demote(failures, report?.failures ?? [], log) : [];

  const prInputs = inputs?.scope === 'pr' ? inputs : undefined;
  const facts: RunFacts = {
    pr: prInputs?.pr,
    mergeQueueRun: prInputs?.mergeQueueRun ?? event.mergeQueue !== undefined,
    foundBy: prInputs?.foundBy,
    commitSha: prInputs?.commitSha,
  };
  const serverUrl = io.env.GITHUB_SERVER_URL || 'https://github.com';
  const nowMs = io.clock.now();
  const view: RunView = queued ?? {
    summary: (url, failure, failed) =>
      renderSummary({
        status: report?.status,
        facts,
        repo,
        serverUrl: url,
        wait: observation?.wait,
        failure,
        failed,
        nowMs,
      }),
    slack: (context) => prSlack(report?.status, context),
  };
  const { outputs, omitted } = queued?.outputs ?? toOutputs(report?.status, facts, observation?.wait);
  for (const line of omitted) log.info(line);
  // The report as text for other tools, with the failures known so far: the credentials are cut
  // out of the text from outside in them as they are rendered, and of nothing else. The verdict's
  // own line of fail-if-not-ready is what the heading and the reasons already say: not said again.
  // A test run's demoted failures are said as they were, though they no longer fail the step.
  const others = () => {
    const rest = [...failures, ...warned].filter((failure) => failure !== report?.verdictFailure);
    return rest.length > 0 ? rest.join(' Also: ') : undefined;
  };
  const soFar = others();
  const failedSoFar = failures.length > 0;
  // Every report links an answer's URL only on the hosts it belongs to.
  const hosts = linkHosts(apiUrl, serverUrl);
  const render = (summary: () => string) =>
    withLinkHosts(hosts, () => withRedaction(redactor.text, summary, undefined));
  const texts = {
    markdown: render(() =>
      asComment(() => view.summary(serverUrl, soFar, failedSoFar), { nowMs, runUrl: runUrl(io.env) }),
    ),
    'slack-text': withLinkHosts(hosts, () =>
      view.slack({
        redact: redactor.text,
        serverUrl,
        repo,
        runUrl: runUrl(io.env),
        failure: soFar,
        failed: failedSoFar,
      }),
    ),
  };
  try {
    // A run that could not look says so in ready, a test run about named PRs too (its step passes
    // all the same); a test branch naming no PR has nothing to decide and keeps ready empty.
    const decided = unnamedBranch ? outputs : withoutVerdict(outputs);
    const written = { ...redactOutputs(decided, redactor.text), ...texts };
    for (const [name, value] of Object.entries(written)) io.setOutput(name, value);
    await io.settle();
  } catch (error) {
    const failure = `The step's outputs could not be written: ${messageOf(error)}`;
    if (testRun) log.warning(notFailingTestRun(failure));
    else failures.push(failure);
  }

  // A run whose inputs failed still says so in the summary, unless it was asked for none.
  const wantSummary = inputs ? inputs.summary : summaryWanted((name) => io.getInput(name));
  if (wantSummary && io.env.GITHUB_STEP_SUMMARY) {
    const html = summaryFitted(render(() => view.summary(serverUrl, others(), failures.length > 0)));
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

/** Whether the run reports on the queue itself (its input, as given: the inputs may have failed). */
function queueScope(io: RunnerIO): boolean {
  return io.getInput('scope').trim().toLowerCase() === 'queue';
}

/** Takes every failure but `kept` out of `failures`, and says each as a warning; answers with them. */
function demote(failures: string[], kept: readonly string[], log: Log): string[] {
  const demoted = failures.filter((failure) => !kept.includes(failure));
  for (const failure of demoted) log.warning(notFailingTestRun(failure));
  failures.splice(0, failures.length, ...failures.filter((failure) => kept.includes(failure)));
  return demoted;
}

/**
 * The `::error::` line, a few hundred characters at most: a person reads it in the job's
 * annotations, where a report of 600 blockers would run to hundreds of kilobytes. A longer line
 * is cut at a word and says so, and goes to the log whole.
 */
function errorLine(line: string, log: Log): string {
  if (line.length <= ERROR_LINE_CHARS) return line;
  log.info(`The error line in full: ${line}`);
  const more = ' … (cut; the log has the whole line)';
  const cut = clip(line, ERROR_LINE_CHARS - more.length + 1).slice(0, -1);
  const word = cut.lastIndexOf(' ');
  return `${word > ERROR_LINE_CHARS / 2 ? cut.slice(0, word) : cut}${more}`;
}

function failureOf(error: unknown, log: Log): string {
  if (isUnexpected(error)) debugStack(error, log);
  return failureMessage(error);
}

// Not an expected failure: the stack goes to the debug log, the annotation stays one line.
function debugStack(error: unknown, log: Log): void {
  log.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
