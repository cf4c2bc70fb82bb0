// A workflow run's jobs and a job's annotations, read with github-token:
//
// - `listRunJobs`: `GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs?filter=all` (`actions:
//   read`), every attempt's jobs (a re-run's latest attempt may have failed before the step that
//   an earlier one reached), paged by number and ended by `total_count`.
// - `findAnnotation`: `GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations` (`checks:
//   read`; a job's id is its check run's), page by page until `match` finds what it looks for. The
//   list has no count: GitHub fills every page but the last, so a short page ends it.
//
// Both go through the paging loop: they stop at a page already read, at their page limit, at the
// run's request budget and at its deadline, and a list not read whole is a GitHubError that says
// why. The fields are GitHub's, as its REST reference describes a "job" and a "check annotation".
import * as z from 'zod/mini';
import { pagingWords } from '../core/words/paging.js';
import { GitHubError } from '../shared/errors.js';
import { readPages, readWhole } from '../shared/paging.js';
import { ask, spentOf, type GitHubClient, type Question } from './client.js';
import { parsed } from './workflow-runs.js';

/** A job of a workflow run, the fields this action reads. */
export interface RunJob {
  /** The job's id, which is its check run's id. */
  id: number;
  /** As GitHub names it: the job's `name:`, else its id in the workflow (and a matrix's values after it). */
  name: string;
  /** `success`, `failure`, `skipped`, …; undefined until it completes. */
  conclusion?: string;
  /** The run's attempt it belongs to: 1, or more for a re-run. */
  attempt: number;
}

/** An annotation, the fields a verdict record is read from. */
export interface Annotation {
  title?: string | null;
  message?: string | null;
}

/** Jobs a page, and pages at most: 300 jobs, more than a run has (a matrix makes at most 256). */
const JOBS_PER_PAGE = 100;
const JOB_PAGES = 3;
/** Annotations a page, and pages at most: GitHub keeps 50 a job (ten of each kind a step). */
const ANNOTATIONS_PER_PAGE = 100;
const ANNOTATION_PAGES = 2;

const text = z.optional(z.nullable(z.string()));
const JOBS = z.object({
  total_count: z.number().check(z.int(), z.nonnegative()),
  jobs: z.array(
    z.object({
      id: z.number().check(z.int(), z.positive()),
      name: z.string(),
      conclusion: text,
      run_attempt: z.optional(z.number().check(z.int(), z.positive())),
    }),
  ),
});
const ANNOTATIONS = z.array(z.object({ title: text, message: text }));

/** Every job of a run, every attempt's; a GitHubError when they cannot all be read. */
export async function listRunJobs(client: GitHubClient, runId: number, signal: AbortSignal): Promise<RunJob[]> {
  const { owner, name } = client.settings;
  const what = `which jobs workflow run ${runId} had`;
  const jobs: RunJob[] = [];
  const read = async (page: number | undefined) => {
    const number = page ?? 1;
    const question: Question<z.infer<typeof JOBS>> = {
      what,
      send: (octokit, request) =>
        octokit.rest.actions.listJobsForWorkflowRun({
          owner,
          repo: name,
          run_id: runId,
          filter: 'all',
          per_page: JOBS_PER_PAGE,
          page: number,
          request: { signal: request },
        }),
      read: (data) => parsed(what, JOBS, data),
      missing: (status, message) => `HTTP ${status} (${message}): ${owner}/${name} has no workflow run ${runId}`,
      refused: { reads: "this repository's workflow runs and their jobs", permissions: 'actions: read' },
    };
    const answer = await ask(client, question, signal);
    const items = answer.jobs.map((job) => ({
      id: job.id,
      name: job.name,
      ...(job.conclusion ? { conclusion: job.conclusion } : {}),
      attempt: job.run_attempt ?? 1,
    }));
    return { items, next: number * JOBS_PER_PAGE < answer.total_count ? number + 1 : undefined };
  };
  const end = await readPages(
    read,
    { maxPages: JOB_PAGES, first: 1, spent: () => spentOf(client), contentKey: (items) => idOf(items[0]) },
    (items) => {
      jobs.push(...items);
      return true;
    },
  );
  if (!readWhole(end)) throw new GitHubError(what, pagingWords(`GitHub's list of the run's jobs`, end, JOB_PAGES));
  return jobs;
}

/** The first of a job's annotations that `match` makes something of; undefined when none does. */
export async function findAnnotation<T>(
  client: GitHubClient,
  checkRunId: number,
  match: (annotation: Annotation) => T | undefined,
  signal: AbortSignal,
): Promise<T | undefined> {
  const { owner, name } = client.settings;
  const what = `what job ${checkRunId} left in its annotations`;
  let found: T | undefined;
  const read = async (page: number | undefined) => {
    const number = page ?? 1;
    const question: Question<Annotation[]> = {
      what,
      send: (octokit, request) =>
        octokit.rest.checks.listAnnotations({
          owner,
          repo: name,
          check_run_id: checkRunId,
          per_page: ANNOTATIONS_PER_PAGE,
          page: number,
          request: { signal: request },
        }),
      read: (data) => parsed(what, ANNOTATIONS, data),
      missing: (status, message) => `HTTP ${status} (${message}): ${owner}/${name} has no check run ${checkRunId}`,
      refused: { reads: "this repository's check runs", permissions: 'checks: read' },
    };
    const items = await ask(client, question, signal);
    return { items, next: items.length === ANNOTATIONS_PER_PAGE ? number + 1 : undefined };
  };
  const end = await readPages(
    read,
    {
      maxPages: ANNOTATION_PAGES,
      first: 1,
      spent: () => spentOf(client),
      // No id: a page is known by its first and last annotations and its length.
      contentKey: (items) => (items.length > 0 ? JSON.stringify([items[0], items.at(-1), items.length]) : undefined),
    },
    (items) => {
      for (const annotation of items) {
        found = match(annotation);
        if (found !== undefined) return false;
      }
      return true;
    },
  );
  if (found === undefined && !readWhole(end)) {
    throw new GitHubError(what, pagingWords(`GitHub's list of the job's annotations`, end, ANNOTATION_PAGES));
  }
  return found;
}

const idOf = (job: RunJob | undefined) => (job ? String(job.id) : undefined);
