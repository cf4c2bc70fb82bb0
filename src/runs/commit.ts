// A run about a commit (rule 5 of "Which PR"), wired: GitHub is asked which PR brought the commit
// in, and which commits the push brought, before any Trunk request. An open PR whose head is the
// commit, on a run on that PR's own branch, makes this an ordinary PR run. Anything else is the
// commit verdict: did every commit come through the merge queue? A commit no PR brought in is an
// answer, not a crash; a Trunk read that fails is reported, and the outputs are still written.
import { decideCommitVerdict, prsToAsk, type CommitVerdict } from '../core/commit-verdict.js';
import { buildCommitReport } from '../core/commit-report.js';
import type { CommitWordsContext } from '../core/words/commit.js';
import { listedNotChosenLine, peeledTagLine, queueBranchLine, queueBranchUnknownLine } from '../core/words/range.js';
import { ActionError, ApiError } from '../shared/errors.js';
import { failureMessage, isUnexpected, type Report } from '../core/report.js';
import { deriveStatus, type Status } from '../core/status.js';
import { shortSha } from '../shared/format.js';
import { duration } from '../shared/format.js';
import type { CommitInputs, Inputs } from '../runner/inputs.js';
import { chooseCommitPr, commitTarget, isOwnBranchRun } from '../runner/which-pr.js';
import { commitOutputs } from '../render/commit-outputs.js';
import type { OutputSet } from '../render/outputs.js';
import { renderCommitSummary } from '../render/commit-summary.js';
import { sourceFor } from '../trunk/source.js';
import { askAboutTip, commitsOf, rangeOf, type CommitFacts } from './commit-github.js';
import { askTrunk, type TrunkFacts } from './commit-trunk.js';
import type { RunView } from './view.js';
import type { RunTools } from './tools.js';
import { commitSlack } from '../render/slack-reports.js';

/** The run about a commit: what it reports, as a report on the queue does. */
export interface CommitRun extends RunView {
  report: Report;
  outputs: OutputSet;
}

/** The PR run of the exception; or the commit verdict. Throws GitHub's errors. */
export async function findCommitPr(inputs: CommitInputs, tools: RunTools): Promise<Inputs | CommitRun> {
  const { lookup, githubApiUrl, base: _base, runId: _runId, settleMs: _settle, workflowRepo, ...rest } = inputs;
  // Loaded here only: a PR's own run never needs GitHub's client.
  const { gitHubReads } = await import('../github/reads.js');
  const github = await gitHubReads({
    apiUrl: githubApiUrl,
    token: inputs.githubToken,
    owner: inputs.owner,
    name: inputs.name,
    ...(workflowRepo ? { runsRepo: workflowRepo } : {}),
    requestTimeoutMs: inputs.requestTimeoutMs,
    retries: inputs.retries,
    deadlineMs: tools.clock.now() + inputs.waitTimeoutMs,
    clock: tools.clock,
    random: tools.random,
    log: (line) => tools.log.info(line),
    redactor: tools.redactor,
  });
  if (lookup.tag?.object) {
    tools.log.info(peeledTagLine(lookup.tag.name, lookup.tag.object, lookup.sha));
  }
  const { tipPrs, range: started } = await askAboutTip(github, inputs, tools.log, tools.cancel);
  const tip = chooseCommitPr(lookup.sha, lookup.branchInput, tipPrs, lookup.queueBranch);
  if (!tip && tipPrs.length > 0) tools.log.info(listedNotChosenLine(lookup.sha, tipPrs, lookup.queueBranch));
  if (tip) {
    tools.log.info(
      `Commit ${shortSha(lookup.sha)} was brought in by PR #${tip.pr.number}, into ${tip.pr.baseRef ?? 'its base branch'}.`,
    );
    if (tip.others.length > 0) {
      tools.log.info(
        `GitHub also lists ${tip.others.map((n) => `#${n}`).join(', ')} for it; #${tip.pr.number} is the latest.`,
      );
    }
    if (isOwnBranchRun(lookup, tip) && !(await queueMergesInto(tip.pr.headRef ?? '', inputs, tools))) {
      return { ...rest, ...commitTarget(lookup, tip), scope: 'pr' };
    }
  }
  const range = await rangeOf(github, inputs, tools.log, tools.cancel, started);
  const facts = await commitsOf(github, inputs, tipPrs, range, tools.log, tools.cancel);
  tools.log.debug(`GitHub requests made: ${github.requests()}.`);
  return commitVerdictRun(inputs, facts, tools);
}

/**
 * Whether a queue merges into this branch, as Trunk says: a push to a release branch that heads a
 * promotion PR is a commit reaching that queue's branch, not the PR's own run. Only a queue Trunk
 * says is not there lets the exception apply; a read that fails reaches no verdict (not_checked),
 * since neither the PR's run nor the commit's can be chosen.
 */
async function queueMergesInto(branch: string, inputs: CommitInputs, tools: RunTools): Promise<boolean> {
  try {
    await sourceFor({ ...inputs, targetBranch: branch }, tools).readQueue(tools.cancel);
    tools.log.info(queueBranchLine(branch));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.options.noQueue) return false;
    if (!(error instanceof ActionError)) throw error;
    throw new ActionError(queueBranchUnknownLine(branch, error.message));
  }
}

async function commitVerdictRun(inputs: CommitInputs, facts: CommitFacts, tools: RunTools): Promise<CommitRun> {
  const { lookup } = inputs;
  // The queue of the branch the commit is on: a PR another branch's queue merged is no answer here.
  const targetBranch = lookup.commitBranch;
  const numbers = prsToAsk(facts.commits, targetBranch);
  let trunk: TrunkFacts | undefined;
  let failure: string | undefined;
  try {
    const source = sourceFor({ ...inputs, targetBranch }, tools);
    trunk = await askTrunk(source, facts.commits, numbers, targetBranch, inputs, tools);
  } catch (error) {
    if (isUnexpected(error)) tools.log.debug(error instanceof Error ? (error.stack ?? error.message) : String(error));
    failure = tools.cancel.aborted
      ? `The step was cancelled (${String(tools.cancel.reason)}) before Trunk had answered about commit ${shortSha(lookup.sha)}.`
      : failureMessage(error);
  }
  const nowMs = tools.clock.now();
  const verdict = trunk
    ? decideCommitVerdict({
        commits: facts.commits,
        branch: targetBranch,
        range: facts.range,
        trunk: trunk.trunk,
        notes: trunk.notes,
        merges: trunk.merges,
      })
    : undefined;
  const context: CommitWordsContext = {
    nowMs,
    range: facts.range,
    branch: targetBranch,
    ...(trunk?.merges.kind === 'failed'
      ? { mergesFailed: { message: trunk.merges.message, transient: trunk.merges.transient } }
      : {}),
  };
  const report: Report = verdict
    ? buildCommitReport({ verdict, context, failIfNotReady: inputs.failIfNotReady, warnings: trunk?.warnings ?? [] })
    : { failures: [], lines: [], warnings: [], notices: [] };
  if (trunk?.timedOut) report.failures.unshift(timedOut(inputs, facts));
  // The queue's order is not what the verdict needs: it cannot fail the step.
  if (trunk?.queueFailure) report.warnings.push(`The queue could not be read for the summary: ${trunk.queueFailure}`);
  if (failure) report.failures.push(failure);
  const status = verdict && trunk ? tipStatus(facts, verdict, trunk, nowMs) : undefined;
  const run = { sha: lookup.sha, tipPr: facts.tip?.pr.number, status, verdict, queue: trunk?.queue };
  return {
    report,
    outputs: commitOutputs({ ...run, waitedSeconds: trunk?.waitedSeconds ?? 0, timedOut: trunk?.timedOut ?? false }),
    summary: (serverUrl, stepFailure) =>
      renderCommitSummary({
        ...run,
        branch: targetBranch,
        repo: `${inputs.owner}/${inputs.name}`,
        range: facts.range,
        context,
        serverUrl,
        failure: stepFailure,
        nowMs,
      }),
    slack: (slackContext) => commitSlack({ verdict, context }, slackContext),
  };
}

/** The tip's PR as a PR run would show it (state, place, queue), with the commit's verdict. */
function tipStatus(facts: CommitFacts, verdict: CommitVerdict, trunk: TrunkFacts, nowMs: number): Status | undefined {
  const prNumber = facts.tip?.pr.number;
  const answer = prNumber === undefined ? undefined : trunk.trunk.get(prNumber);
  if (prNumber === undefined || !answer || !trunk.queue) return undefined;
  const status = deriveStatus({ prNumber, answer, queue: trunk.queue, nowMs });
  return { ...status, verdict: { ready: verdict.ready, reasons: verdict.reasons } };
}

function timedOut(inputs: CommitInputs, facts: CommitFacts): string {
  const wanted = inputs.waitFor.join(' or ');
  return `Timed out after ${duration(inputs.waitTimeoutMs / 1000)} waiting for PR #${facts.tip?.pr.number} to reach ${wanted}.`;
}
