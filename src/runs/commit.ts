// Rule 5 of "Which PR", wired: the event names no PR, so GitHub is asked which PR brought the
// commit in, once, before any Trunk request. A PR found makes this an ordinary PR run. No PR is
// an answer, not a crash: the queue is still read, and the run reports that the commit came in
// through no pull request, so a deploy gate holds.
import type { Clock } from '../shared/time.js';
import type { Log } from '../shared/log.js';
import type { QueueAnswer } from '../core/model.js';
import { failureMessage, isUnexpected, type Report } from '../core/report.js';
import { noPrReport, shortSha } from '../core/no-pr.js';
import type { CommitInputs, Inputs } from '../runner/inputs.js';
import { choosePr } from '../runner/which-pr.js';
import { noPrOutputs } from '../render/queue-outputs.js';
import type { OutputSet } from '../render/outputs.js';
import { renderNoPrSummary } from '../render/queue-summary.js';
import { sourceFor } from '../trunk/source.js';

interface RunTools {
  log: Log;
  clock: Clock;
  random: () => number;
  cancel: AbortSignal;
}

/** The run about a commit no PR brought in: what it reports, as a report on the queue does. */
export interface NoPrRun {
  report: Report;
  outputs: OutputSet;
  summary(serverUrl: string, failure: string | undefined): string;
}

/** The PR run rule 5 leads to; or, when GitHub names no PR, the report on the commit. Throws GitHub's errors. */
export async function findCommitPr(inputs: CommitInputs, tools: RunTools): Promise<Inputs | NoPrRun> {
  const { lookup, githubApiUrl, ...rest } = inputs;
  // Loaded here only: a PR's own run never needs GitHub's client.
  const { listCommitPulls } = await import('../github/commit-pulls.js');
  const prs = await listCommitPulls(
    {
      apiUrl: githubApiUrl,
      token: inputs.githubToken,
      owner: inputs.owner,
      name: inputs.name,
      requestTimeoutMs: inputs.requestTimeoutMs,
      retries: inputs.retries,
      deadlineMs: tools.clock.now() + inputs.waitTimeoutMs,
      clock: tools.clock,
      random: tools.random,
      log: (line) => tools.log.info(line),
    },
    lookup.sha,
    tools.cancel,
  );
  const choice = choosePr(lookup, prs);
  if (choice) {
    const { target, others } = choice;
    tools.log.info(`Commit ${shortSha(lookup.sha)} was brought in by PR #${target.pr}, into ${target.targetBranch}.`);
    if (others.length > 0) {
      tools.log.info(`GitHub also lists ${others.map((n) => `#${n}`).join(', ')} for it; #${target.pr} is the latest.`);
    }
    return { ...rest, ...target, scope: 'pr' };
  }
  return reportNoPr(inputs, tools);
}

async function reportNoPr(inputs: CommitInputs, tools: RunTools): Promise<NoPrRun> {
  const branch = inputs.lookup.fallbackBranch;
  let answer: QueueAnswer | undefined;
  let failure: string | undefined;
  try {
    answer = await sourceFor({ ...inputs, targetBranch: branch }, tools).readQueue(tools.cancel);
  } catch (error) {
    if (isUnexpected(error)) tools.log.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
    failure = failureMessage(error);
  }
  const facts = { sha: inputs.lookup.sha, branch, repo: `${inputs.owner}/${inputs.name}` };
  const report = noPrReport(facts, inputs.failIfNotReady);
  if (failure) report.failures.push(failure);
  return {
    report,
    outputs: noPrOutputs(answer, inputs.lookup.sha),
    summary: (serverUrl, stepFailure) =>
      renderNoPrSummary({ ...facts, answer, failure: stepFailure, nowMs: tools.clock.now() }),
  };
}
