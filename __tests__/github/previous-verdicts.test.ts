// The reader of the verdicts earlier runs left, asked of the simulator's GitHub with a virtual clock:
// which runs it reads (only those created before this one, never this run's own id), which jobs'
// annotations (the latest attempt first, this job's name first, the skipped ones never), where it
// stops (the first record of this job on this queue, or EARLIER_RUNS runs), its pages, and its
// faults: a 403 that names the permission, a 5xx retried. What a whole run makes of it is
// run/alerts.test.ts's.
import { describe, expect, it } from '@jest/globals';
import { recordNote, reportRun } from '../../simulator/github-alerts.mjs';
import type { SimRun } from '../../simulator/github-runs.mjs';
import { githubFaults, SIM_BRANCH, SIM_REPO } from '../../simulator/server.mjs';
import { gitHubClient, type GitHubSettings } from '../../src/github/client.js';
import { EARLIER_RUNS, readPreviousVerdicts } from '../../src/github/previous-verdicts.js';
import { GitHubError } from '../../src/shared/errors.js';
import { rejection } from '../helpers/rejection.js';
import { useSimulator } from '../helpers/simulator.js';
import { simGitHubSettings } from '../helpers/github-settings.js';

describe('github/previous-verdicts', () => {
  const sim = useSimulator();
  /** This run, as the runner names it: #99 of the workflow, a run the scenarios do not list. */
  const THIS_RUN = 9_000_001;
  const ALERT = { repo: `${SIM_REPO.owner}/${SIM_REPO.name}`, branch: SIM_BRANCH, job: 'alert' };
  const paused = (since = '2026-11-20T10:00:00Z') => recordNote({ ready: false, reasons: ['queue_paused'], since });

  async function read(overrides: Partial<GitHubSettings> = {}, runId = THIS_RUN, key = ALERT) {
    const client = await gitHubClient(simGitHubSettings(sim, overrides));
    return readPreviousVerdicts(client, runId, key, new AbortController().signal);
  }

  /** The requests made, as `endpoint id` (the run, the run whose jobs, the job whose annotations) or `endpoint ?page`. */
  const asked = () =>
    sim.requests.map((r) => {
      const url = new URL(r.path, 'http://x');
      const id = /\/(\d+)(?:\/jobs|\/annotations)?$/.exec(url.pathname)?.[1];
      const page = url.searchParams.get('page');
      return `${r.endpoint.replace('github.', '')}${id ? ` ${id}` : ''}${page && page !== '1' ? ` page ${page}` : ''}`;
    });
  /** A job's id in a run reportRun made: its alert job (1) or its weekly job (2). */
  const jobOf = (number: number, which: 1 | 2 = 1) => (8_100_000 + number) * 10 + which;
  const runs = (...list: SimRun[]) => sim.setWorkflowRuns(list);

  describe('the previous run that left this job a verdict', () => {
    it('the run just before: four requests (this run, the list, its jobs, its alert job’s annotations)', async () => {
      runs(
        reportRun({ number: 98, notes: [paused()] }),
        reportRun({ number: 97, notes: [recordNote({ ready: true })] }),
      );
      const read1 = await read();
      expect(read1.previous).toEqual({
        kind: 'read',
        thisRunId: THIS_RUN,
        runs: [{ runId: 8_100_098, record: expect.objectContaining({ ready: false, reasons: ['queue_paused'] }) }],
      });
      expect(read1.found).toMatchObject({ runId: 8_100_098, runNumber: 98 });
      expect(asked()).toEqual([`run ${THIS_RUN}`, 'workflowRuns', 'jobs 8100098', `annotations ${jobOf(98)}`]);
      expect(read1.requests).toBe(4);
      // The run's jobs of every attempt; ten runs a page; the annotations a hundred a page.
      const query = (i: number) => new URL(sim.requests[i]?.path ?? '', 'http://x').search;
      expect([query(1), query(2), query(3)]).toEqual([
        '?exclude_pull_requests=true&per_page=10&page=1',
        '?filter=all&per_page=100&page=1',
        '?per_page=100&page=1',
      ]);
    });

    it('passes over a run that failed before a verdict and the weekly report’s run, whose own record is not this job’s', async () => {
      sim.useGitHubScenario('alert-history');
      const { previous, found, requests } = await read();
      expect(previous.runs.map((run) => [run.runId, run.record?.ready])).toEqual([
        [8_100_098, undefined],
        [8_100_097, undefined],
        [8_100_096, false],
      ]);
      expect(found?.runNumber).toBe(96);
      // A skipped job's annotations are never asked for: #97's alert job, #98's and #96's weekly one.
      expect(asked()).toEqual([
        `run ${THIS_RUN}`,
        'workflowRuns',
        'jobs 8100098',
        `annotations ${jobOf(98)}`,
        'jobs 8100097',
        `annotations ${jobOf(97, 2)}`,
        'jobs 8100096',
        `annotations ${jobOf(96)}`,
      ]);
      expect(requests).toBe(8);
    });

    it('the weekly job finds its own record, and never the alert’s', async () => {
      sim.useGitHubScenario('alert-history');
      const { found } = await read({}, THIS_RUN, { ...ALERT, job: 'weekly' });
      expect(found).toMatchObject({ runNumber: 97, record: { job: 'weekly', ready: true } });
    });

    it('a job whose name: is not its id is read too, after those named as this job', async () => {
      const run = reportRun({ number: 98 });
      const renamed = { id: 1, name: 'Hourly queue alert', conclusion: 'success' as const, annotations: [paused()] };
      const other = { id: 2, name: 'alert (lint)', conclusion: 'success' as const };
      runs({ ...run, jobs: [renamed, other] });
      expect((await read()).found?.runNumber).toBe(98);
      expect(asked().slice(3)).toEqual(['annotations 2', 'annotations 1']);
    });

    it(`at most ${EARLIER_RUNS} earlier runs: none left a verdict, so it is unknown (no failure)`, async () => {
      runs(...[98, 97, 96, 95, 94, 93, 92].map((number) => reportRun({ number, conclusion: 'failure' })));
      const { previous, found } = await read();
      expect(previous.runs.map((run) => run.runId)).toEqual([8_100_098, 8_100_097, 8_100_096, 8_100_095, 8_100_094]);
      expect(found).toBeUndefined();
    });

    it('the first run of the workflow: nothing before it, unknown', async () => {
      runs();
      expect(await read()).toMatchObject({ previous: { runs: [] }, requests: 2 });
    });

    it('another queue’s record in the same job is not this queue’s', async () => {
      runs(
        reportRun({ number: 98, notes: [recordNote({ ready: true, branch: 'release' })] }),
        reportRun({ number: 97, notes: [paused()] }),
      );
      expect((await read()).found?.runNumber).toBe(97);
    });
  });

  describe('re-runs', () => {
    it('a re-run of an old run compares with the run before it: newer runs and its own id passed over, across pages', async () => {
      // #98 down to #80, each healthy; this run is a re-run (attempt 2) of #85, whose own record says paused.
      const history = Array.from({ length: 19 }, (_, i) =>
        reportRun({ number: 98 - i, notes: [recordNote({ ready: true })] }),
      );
      const rerun = history.find((run) => run.number === 85) as SimRun;
      rerun.attempt = 2;
      rerun.status = 'in_progress';
      rerun.jobs = [{ id: 1, name: 'alert', conclusion: 'success', annotations: [paused()] }];
      runs(...history);
      const { found } = await read({}, rerun.id);
      expect(found?.runNumber).toBe(84);
      // The newer runs are on the list's first page (ten a page) and not read; #84 is on the second.
      expect(asked()).toEqual([
        `run ${rerun.id}`,
        'workflowRuns',
        'workflowRuns page 2',
        'jobs 8100084',
        `annotations ${jobOf(84)}`,
      ]);
    });

    it('an earlier run re-run: its latest attempt first, then the attempt that left the verdict', async () => {
      const run = reportRun({ number: 98 });
      const first = { id: 1, name: 'alert', conclusion: 'success' as const, attempt: 1, annotations: [paused()] };
      const second = { id: 2, name: 'alert', conclusion: 'failure' as const, attempt: 2 };
      runs(
        { ...run, attempt: 2, jobs: [first, second] },
        reportRun({ number: 97, notes: [recordNote({ ready: true })] }),
      );
      expect((await read()).found).toMatchObject({ runNumber: 98, record: { ready: false } });
      expect(asked().slice(3)).toEqual(['annotations 2', 'annotations 1']);
    });
  });

  describe('pages', () => {
    it('a job with a page of other annotations: its record on the second page', async () => {
      const notes = Array.from({ length: 100 }, (_, i) => ({
        level: 'warning' as const,
        message: `Something else ${i}`,
      }));
      runs(reportRun({ number: 98, notes: [...notes, paused()] }));
      expect((await read()).found?.runNumber).toBe(98);
      expect(asked().slice(3)).toEqual([`annotations ${jobOf(98)}`, `annotations ${jobOf(98)} page 2`]);
    });

    it('a server that repeats a page of runs: the read stops there and says so', async () => {
      runs(...Array.from({ length: 30 }, (_, i) => reportRun({ number: 169 - i })));
      // Every page of the list answers as page 1 does: runs newer than this one, never the earlier ones.
      const first = await fetch(
        `${sim.url}/repos/octo-org/octo-repo/actions/workflows/161335/runs?per_page=10&page=1`,
        {
          headers: { authorization: `token ${sim.githubToken}` },
        },
      );
      sim.script('github.workflowRuns', [{ times: Infinity, body: (await first.json()) as object }]);
      sim.requests.length = 0;
      const error = await rejection(read());
      expect(error).toBeInstanceOf(GitHubError);
      expect((error as Error).message).toMatch(
        /^GitHub API \(which runs of this workflow came before this one\): GitHub's list of this workflow's runs named a page it had already sent/,
      );
    });
  });

  describe('faults', () => {
    it.each([
      ['this run', 'github.run'],
      ['the jobs', 'github.jobs'],
    ] as const)('403 on %s: the error names actions: read', async (_, endpoint) => {
      runs(reportRun({ number: 98, notes: [paused()] }));
      sim.script(endpoint, [{ ...githubFaults.notAccessible(403), times: Infinity }]);
      const error = (await rejection(read())) as Error;
      expect(error).toBeInstanceOf(GitHubError);
      expect(error.message).toMatch(
        /HTTP 403 \(Resource not accessible by integration\): github-token may not read this repository's workflow runs.*; give the job permissions: actions: read$/,
      );
    });

    it('403 on the annotations: the error names checks: read', async () => {
      sim.useGitHubScenario('alert-no-checks-permission');
      const error = (await rejection(read())) as Error;
      expect(error.message).toBe(
        `GitHub API (what job ${jobOf(98)} left in its annotations): HTTP 403 (Resource not accessible by integration): github-token may not read this repository's check runs; give the job permissions: checks: read`,
      );
    });

    it('a 5xx is retried, and the read goes on', async () => {
      sim.useGitHubScenario('alert-history');
      sim.script('github.annotations', [githubFaults.serverError(502), githubFaults.serverError(503)]);
      expect((await read()).found?.runNumber).toBe(96);
    });

    it('a 5xx that lasts past the retries fails the read, saying so', async () => {
      sim.useGitHubScenario('alert-history');
      sim.script('github.jobs', [{ ...githubFaults.serverError(502), times: Infinity }]);
      const error = (await rejection(read({ retries: 2 }))) as Error;
      expect(error.message).toBe('GitHub API (which jobs workflow run 8100098 had): HTTP 502 (after 3 attempts)');
    });

    it('the request budget spent: no request more, and the read fails saying why', async () => {
      sim.useGitHubScenario('alert-history');
      const error = (await rejection(read({ maxRequests: 5 }))) as Error;
      expect(sim.requests).toHaveLength(5);
      expect(error.message).toMatch(/this step had made all the requests it may make$/);
    });
  });
});
