// Use 3's hourly alert, whole runs through run() in-process against the simulator: each run reads
// the verdict its job left in the runs before it (GitHub's workflow runs, their jobs, and the jobs'
// annotations) and sets previous-ready, changed and unhealthy-since from it. One row per situation
// the alert meets: the first run, the same verdict an hour later, a new reason, the recovery, a
// previous run that failed before a verdict, a re-run, the weekly report's run between two hourly
// ones, and the reads that fail. Which requests the reader makes is github/previous-verdicts.test.ts's.
import { describe, expect, it } from '@jest/globals';
import { recordNote, reportRun } from '../../simulator/github-alerts.mjs';
import type { SimRun } from '../../simulator/github-runs.mjs';
import { minutesAgo } from '../../simulator/scenarios.mjs';
import { githubFaults } from '../../simulator/server.mjs';
import { scheduleRun } from '../helpers/events.js';
import { runInProcess } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

describe('run/alerts', () => {
  const sim = useSimulator();
  const THIS_RUN = '9000001';
  const SINCE = minutesAgo(130);
  const paused = (since = SINCE) => recordNote({ ready: false, reasons: ['queue_paused'], since });
  const healthy = () => recordNote({ ready: true });

  /**
   * One run of the alert job: Trunk's `scenario`, the workflow's `earlier` runs (newest first) in
   * GitHub, then GitHub's faults, if any, scripted.
   */
  async function alert(
    scenario: string,
    earlier: SimRun[],
    {
      env = {},
      inputs = {},
      faults,
    }: { env?: Record<string, string>; inputs?: Record<string, string>; faults?: Parameters<typeof sim.script> } = {},
  ) {
    sim.useScenario(scenario);
    sim.useGitHubScenario('alert-history');
    sim.setWorkflowRuns(earlier);
    if (faults) sim.script(...faults);
    return runInProcess({
      ...scheduleRun,
      inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, scope: 'queue', 'github-token': sim.githubToken, ...inputs },
      env: { GITHUB_RUN_ID: THIS_RUN, GITHUB_JOB: 'alert', GITHUB_API_URL: sim.url, ...env },
      clock: new VirtualClock(Date.parse(minutesAgo(0))),
    });
  }
  const alertOutputs = (result: { outputs: Record<string, string> }) => {
    const { ready, 'not-ready-reasons': reasons, 'previous-ready': previous, changed } = result.outputs;
    return { ready, reasons, previous, changed, since: result.outputs['unhealthy-since'] };
  };
  const github = () => sim.requests.filter((request) => request.api === 'github').length;
  const warnings = (lines: string[]) => lines.filter((line) => line.startsWith('::warning::'));
  /** The record this run left, as the next run reads it. */
  const left = (lines: string[]) =>
    lines.find((line) => line.startsWith('::notice title=merge-queue-status verdict::'));

  describe('the alert against the run before it', () => {
    it('the first run: nothing to compare with, so changed (the alert posts the state once)', async () => {
      const result = await alert('paused', []);
      expect(alertOutputs(result)).toEqual({
        ready: 'false',
        reasons: 'queue_paused',
        previous: '',
        changed: 'true',
        since: minutesAgo(0),
      });
      expect(result.lines).toContain(
        'No run of this workflow came before this one, so there is no verdict to compare with: changed is true; 2 requests to GitHub.',
      );
      expect(left(result.lines)).toBe(
        `::notice title=merge-queue-status verdict::Left for the next run of this job to compare: job=alert repo=octo-org/octo-repo target-branch=main ready=false not-ready-reasons=queue_paused unhealthy-since=${minutesAgo(0)}`,
      );
      expect(warnings(result.lines)).toEqual([expect.stringMatching(/^::warning::Queue main is paused/)]);
    });

    it('the same verdict an hour later: not changed, the spell from when it began; four requests', async () => {
      const result = await alert('paused', [reportRun({ number: 98, notes: [paused()] })]);
      expect(alertOutputs(result)).toEqual({
        ready: 'false',
        reasons: 'queue_paused',
        previous: 'false',
        changed: 'false',
        since: SINCE,
      });
      expect(result.lines).toContain(
        'Compared with run #98 of this workflow, whose verdict on queue main was: not ready (queue_paused); 4 requests to GitHub.',
      );
      expect(github()).toBe(4);
      expect(left(result.lines)).toMatch(/ ready=false not-ready-reasons=queue_paused unhealthy-since=(\S+)$/);
      expect(left(result.lines)).toContain(`unhealthy-since=${SINCE}`);
    });

    it('a new reason: changed, and the spell goes on from when it began', async () => {
      const stalled = recordNote({ ready: false, reasons: ['queue_stalled'], since: SINCE });
      const result = await alert('paused', [reportRun({ number: 98, notes: [stalled] })]);
      expect(alertOutputs(result)).toMatchObject({ previous: 'false', changed: 'true', since: SINCE });
    });

    it('the recovery: changed, and the heading and Slack say how long it lasted', async () => {
      const result = await alert('testing', [reportRun({ number: 98, notes: [paused()] })]);
      expect(alertOutputs(result)).toEqual({
        ready: 'true',
        reasons: '',
        previous: 'false',
        changed: 'true',
        since: '',
      });
      expect(result.outputs['slack-text']?.split('\n')[0]).toBe(
        '*✅ Queue main of octo-org/octo-repo is healthy again, after 2 h 10 min paused*',
      );
      expect(left(result.lines)).toMatch(/ ready=true not-ready-reasons= unhealthy-since=$/);
    });

    it('healthy as the hour before: quiet', async () => {
      const result = await alert('testing', [reportRun({ number: 98, notes: [healthy()] })]);
      expect(alertOutputs(result)).toMatchObject({ ready: 'true', previous: 'true', changed: 'false' });
    });

    it('the run before failed before a verdict: compared with the one before it', async () => {
      const result = await alert('paused', [
        reportRun({ number: 98, conclusion: 'failure' }),
        reportRun({ number: 97, notes: [paused()] }),
      ]);
      expect(alertOutputs(result)).toMatchObject({ previous: 'false', changed: 'false', since: SINCE });
      expect(result.lines).toContain(
        'Compared with run #97 of this workflow, whose verdict on queue main was: not ready (queue_paused); 6 requests to GitHub.',
      );
    });

    it("the weekly report's run between two hourly ones: its record is not the alert's", async () => {
      const result = await alert('testing', [
        reportRun({ number: 98, kind: 'weekly', notes: [recordNote({ job: 'weekly', ready: true })] }),
        reportRun({ number: 97, notes: [paused()] }),
      ]);
      expect(alertOutputs(result)).toMatchObject({ ready: 'true', previous: 'false', changed: 'true' });
    });

    it('a re-run: its own verdict from the first attempt is not a previous run; the run before it is', async () => {
      // This run re-runs #98, which found the queue paused; the run before #98 found it healthy.
      const first = reportRun({ number: 98, notes: [paused()] });
      const result = await alert(
        'paused',
        [reportRun({ number: 99, notes: [healthy()] }), first, reportRun({ number: 97, notes: [healthy()] })],
        { env: { GITHUB_RUN_ID: String(first.id) } },
      );
      expect(alertOutputs(result)).toMatchObject({ previous: 'true', changed: 'true', since: minutesAgo(0) });
    });
  });

  describe('when the previous verdict cannot be read: unknown, changed, one warning', () => {
    const readWarning = (lines: string[]) =>
      warnings(lines).filter((line) => line.includes("The previous run's verdict could not be read"));

    it.each([
      ['no actions: read', 'github.run' as const, 'actions: read'],
      ['no checks: read', 'github.annotations' as const, 'checks: read'],
    ])('%s: the warning names the permission to give', async (_, endpoint, permission) => {
      const result = await alert('paused', [reportRun({ number: 98, notes: [paused()] })], {
        faults: [endpoint, [{ ...githubFaults.notAccessible(403), times: Infinity }]],
      });
      expect(alertOutputs(result)).toMatchObject({ previous: '', changed: 'true' });
      const [warning, ...more] = readWarning(result.lines);
      expect(more).toEqual([]);
      expect(warning).toContain(`give the job permissions: ${permission}`);
      expect(result.code).toBe(0);
    });

    it('GitHub failing past its retries: the step still reports on the queue', async () => {
      const result = await alert('testing', [reportRun({ number: 98, notes: [paused()] })], {
        faults: ['github.jobs', [{ ...githubFaults.serverError(502), times: Infinity }]],
      });
      expect(alertOutputs(result)).toMatchObject({ ready: 'true', previous: '', changed: 'true' });
      expect(readWarning(result.lines)).toEqual([expect.stringContaining('HTTP 502 (after 4 attempts)')]);
      expect(result.code).toBe(0);
    });

    it("asked of the workflow's own repository (GITHUB_REPOSITORY), whichever queue it reports on", async () => {
      const result = await alert('testing', [], {
        env: { GITHUB_REPOSITORY: 'octo-org/ops' },
        inputs: { repo: 'octo-org/octo-repo' },
      });
      expect(sim.requests.filter((request) => request.api === 'github').map((request) => request.path)).toEqual([
        `/repos/octo-org/ops/actions/runs/${THIS_RUN}?exclude_pull_requests=true`,
      ]);
      // The simulator's GitHub knows no such repository: the read fails, the report on octo-repo's queue does not.
      expect(readWarning(result.lines)).toEqual([expect.stringContaining('HTTP 404')]);
      expect(alertOutputs(result)).toMatchObject({ ready: 'true', changed: 'true' });
    });

    it('a GITHUB_API_URL the read cannot use: the read fails, the report does not', async () => {
      const result = await alert('testing', [], { env: { GITHUB_API_URL: 'ftp://example.com' } });
      expect(alertOutputs(result)).toMatchObject({ ready: 'true', previous: '', changed: 'true' });
      expect(readWarning(result.lines)).toEqual([expect.stringContaining('GITHUB_API_URL')]);
      expect(github()).toBe(0);
    });
  });

  describe('no reader', () => {
    it('github-token set empty: no GitHub request, changed, and the log says why', async () => {
      sim.useScenario('paused');
      const result = await runInProcess({
        ...scheduleRun,
        inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, scope: 'queue' },
        env: { GITHUB_RUN_ID: THIS_RUN, GITHUB_JOB: 'alert', GITHUB_API_URL: sim.url },
      });
      expect(alertOutputs(result)).toMatchObject({ previous: '', changed: 'true' });
      expect(result.lines).toContain(
        "github-token is empty, so this run does not read the previous run's verdict: changed is true and previous-ready is empty.",
      );
      expect(github()).toBe(0);
    });
  });
});
