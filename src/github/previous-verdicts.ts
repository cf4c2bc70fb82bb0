// The verdicts the runs before this one left (use 3's alert that speaks once): this run's workflow
// and number, then the earlier runs of that workflow, newest first, and in each the annotations of
// its jobs until one holds this job's record on this queue (core/verdict-record.ts). Loaded with
// import() only by a report on the queue, as GitHub's client is.
//
// - Only runs created before this one count (a lower run number), so that a re-run of an old run
//   compares with what came before it; this run's own id, which its re-runs share, is left out.
// - A run whose job left no record (it failed before a verdict, was skipped, or was another job's
//   run, as use 3's weekly report is) is passed over for the one before it, up to EARLIER_RUNS.
// - In a run, the jobs that ran are read, the latest attempt first, and in each attempt the jobs
//   GitHub names as this one (its id, or `id (…)` in a matrix) before the others, whose `name:`
//   may differ from the id; the record itself says which job wrote it.
//
// Every read shares the client's request budget and deadline; any that fails throws a GitHubError,
// which leaves the previous verdict unknown (with a warning) rather than a wrong one.
import type { EarlierRun, PreviousRead, RecordKey, VerdictRecord } from '../core/alerts.js';
import { parseVerdictRecord } from '../core/verdict-record.js';
import { pagingWords } from '../core/words/paging.js';
import { GitHubError } from '../shared/errors.js';
import { gitHubClient, GITHUB_REQUESTS_PER_RUN, type GitHubClient, type GitHubSettings } from './client.js';
import { findAnnotation, listRunJobs, type RunJob } from './run-jobs.js';
import { eachWorkflowRun, getWorkflowRun } from './workflow-runs.js';

/** Earlier runs read at most: the previous verdict is most often in the run just before this one. */
export const EARLIER_RUNS = 5;
/** Runs a page, and pages at most: the newer runs a re-run of an older one passes over are on them too. */
const RUNS_PER_PAGE = 10;
const RUN_PAGES = 5;

/** What was read, as the core takes it, and what the log says of it. */
export interface PreviousVerdicts {
  previous: Extract<PreviousRead, { kind: 'read' }>;
  /** The run whose record was found: its number in the workflow, when GitHub gave one. */
  found?: { runId: number; runNumber?: number; record: VerdictRecord };
  /** Requests made, retries included. */
  requests: number;
}

/** The earlier runs' verdicts, with a client of their own (the run's only GitHub reads). */
export async function gitHubPreviousVerdicts(
  settings: Omit<GitHubSettings, 'maxRequests'>,
  runId: number,
  key: RecordKey,
  signal: AbortSignal,
): Promise<PreviousVerdicts> {
  const client = await gitHubClient({ ...settings, maxRequests: GITHUB_REQUESTS_PER_RUN });
  return readPreviousVerdicts(client, runId, key, signal);
}

export async function readPreviousVerdicts(
  client: GitHubClient,
  runId: number,
  key: RecordKey,
  signal: AbortSignal,
): Promise<PreviousVerdicts> {
  const me = await getWorkflowRun(client, runId, signal);
  const myNumber = me.runNumber;
  if (myNumber === undefined) {
    throw new GitHubError(`which workflow run ${runId} is`, 'answered without its run_number');
  }
  const runs: EarlierRun[] = [];
  let found: PreviousVerdicts['found'];
  const end = await eachWorkflowRun(
    client,
    me.workflowId,
    { excludeRunId: runId },
    signal,
    async (run) => {
      // Newer than this run: this is a re-run of an older one, which compares with what came before it.
      if (run.runNumber === undefined || run.runNumber >= myNumber) return true;
      const record = await recordIn(client, run.id, key, signal);
      runs.push({ runId: run.id, ...(record ? { record } : {}) });
      if (record) found = { runId: run.id, runNumber: run.runNumber, record };
      return !record && runs.length < EARLIER_RUNS;
    },
    { perPage: RUNS_PER_PAGE, maxPages: RUN_PAGES },
  );
  // The list ended (there were fewer runs), or the read had what it needed: else it was cut short.
  if (end.how !== 'last' && end.how !== 'enough') {
    throw new GitHubError(
      'which runs of this workflow came before this one',
      pagingWords("GitHub's list of this workflow's runs", end, RUN_PAGES),
    );
  }
  return {
    previous: { kind: 'read', thisRunId: runId, runs },
    ...(found ? { found } : {}),
    requests: client.budget.made,
  };
}

/** This job's record on this queue in a run, when one of its jobs left it. */
async function recordIn(
  client: GitHubClient,
  runId: number,
  key: RecordKey,
  signal: AbortSignal,
): Promise<VerdictRecord | undefined> {
  for (const job of readOrder(await listRunJobs(client, runId, signal), key.job)) {
    const record = await findAnnotation(client, job.id, (annotation) => parseVerdictRecord(annotation, key), signal);
    if (record) return record;
  }
  return undefined;
}

/** The jobs that ran (a skipped one left nothing), the latest attempt first, this job's name first in each. */
function readOrder(jobs: readonly RunJob[], job: string): RunJob[] {
  const named = (candidate: RunJob) => (candidate.name === job || candidate.name.startsWith(`${job} (`) ? 1 : 0);
  return jobs
    .filter((candidate) => candidate.conclusion !== 'skipped')
    .sort((a, b) => b.attempt - a.attempt || named(b) - named(a));
}
