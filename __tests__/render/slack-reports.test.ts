// The queue's Slack message with a window, from the fixed history of core/window/fixture.ts: a
// short first line naming the repository, the queue now, each reason in words for a channel, the
// window's sentence, why trips failed apart from the check that failed most, the PRs that keep
// failing, merged trips per hour or per day as text bars, and the links. The sentences are
// core/words' (asserted there); here, which lines the message has, in which order.
import { describe, expect, it } from '@jest/globals';
import { assessQueue } from '../../src/core/health.js';
import type { HistoryRead } from '../../src/core/history.js';
import { buildWindowReport, type WindowReport } from '../../src/core/window/report.js';
import { windowSentence } from '../../src/core/words/window.js';
import { deriveStatus } from '../../src/core/status.js';
import { notReadyLine } from '../../src/core/words/pr.js';
import { prSlack, queueSlack } from '../../src/render/slack-reports.js';
import { NOW, RETRY_TIMELINES, STRETCHES, TIMELINES } from '../core/window/fixture.js';
import { found, queue, readiness } from '../helpers/fixtures.js';

const HOUR_MS = 3_600_000;
const read = queue([[1840, 'testing']]);
// The queue's page in Trunk, as v2 sends it.
const answer = { ...read, queue: { ...read.queue, htmlUrl: 'https://app.trunk.io/q' } };
const health = assessQueue({ queue: answer.queue, nowMs: NOW, stallMinutes: 30 });
const context = { redact: (text: string) => text, serverUrl: 'https://github.com', repo: 'octo-org/octo-repo' };

/** A window of `hours` ending at NOW over the fixture's history (or none of it). */
function over(hours: number, read: Partial<HistoryRead> = {}): WindowReport {
  const window = { fromMs: NOW - hours * HOUR_MS, toMs: NOW };
  const current = { timelines: Object.values(TIMELINES), stretches: STRETCHES, covered: window, ...read };
  return buildWindowReport({
    answer: { kind: 'history', current, failures: [], requests: 1 },
    label: `${hours}h`,
    window,
    limits: {},
  });
}

const QUEUE = { repo: 'octo-org/octo-repo', branch: 'main' };
const lines = (window: WindowReport) => queueSlack({ answer, health, window, ...QUEUE }, context).split('\n');

describe('the queue with a window', () => {
  it('the verdict naming the repository, the queue now, the window in a sentence, why trips failed, the check, the bars, the links', () => {
    const window = over(24);
    expect(lines(window)).toEqual([
      '*✅ Queue main of octo-org/octo-repo is healthy*',
      '1 testing, 0 waiting.',
      windowSentence(window),
      // Reasons apart from checks: 101's and 103's reasons, then lint, which failed 101, 103 and 108.
      'Why trips failed: required check failed 1, test run timed out 1.',
      '`lint` failed 3 trips; 1 of those PRs merged on a later try.',
      // 101 at 155, 102 at 290, 105 at 620, 107 at 1440: a bar per hour, the highest full.
      'Merged per hour: ▁▁█▁█▁▁▁▁▁█▁▁▁▁▁▁▁▁▁▁▁▁█',
      '<https://app.trunk.io/q|the queue in Trunk>',
    ]);
  });

  it.each([
    [48, 'hour', 48],
    [49, 'day', 3],
    [7 * 24, 'day', 7],
  ])('%d h: merged per %s, %d bars', (hours, unit, bars) => {
    const line = lines(over(hours)).find((text) => text.startsWith('Merged per '));
    expect(line).toMatch(new RegExp(`^Merged per ${unit}: [▁▂▃▄▅▆▇█]{${bars}}$`));
  });

  it('a window in which nothing ended: its sentence, and no bars or failures', () => {
    const window = over(24, { timelines: [], stretches: [] });
    expect(lines(window).slice(2)).toEqual([windowSentence(window), '<https://app.trunk.io/q|the queue in Trunk>']);
  });

  it('PRs that failed two or more trips: named and linked, the newest first', () => {
    const window = over(24, { timelines: Object.values(RETRY_TIMELINES) });
    expect(lines(window)).toContain(
      'Failed two or more trips: <https://github.com/octo-org/octo-repo/pull/203|#203> (3), <https://github.com/octo-org/octo-repo/pull/204|#204> (2).',
    );
  });
});

describe('a queue over its thresholds, in a step that fails for it', () => {
  function overLimits(): WindowReport {
    const window = { fromMs: NOW - 24 * HOUR_MS, toMs: NOW };
    const current = { timelines: Object.values(TIMELINES), stretches: STRETCHES, covered: window };
    return buildWindowReport({
      answer: { kind: 'history', current, failures: [], requests: 1 },
      label: '24h',
      window,
      limits: { maxFailureRate: 0, maxTimeInQueueMinutes: 0.001 },
    });
  }

  it('a short first line; each reason on its own line, in words for a channel: no input names', () => {
    const window = overLimits();
    expect(window.reasons).toEqual(['failure_rate_high', 'time_in_queue_high']);
    const message = queueSlack({ answer, health, window, ...QUEUE }, { ...context, failed: true }).split('\n');
    expect(message.slice(0, 4)).toEqual([
      '*❌ Queue main of octo-org/octo-repo needs attention: its failure rate is too high*',
      '1 testing, 0 waiting.',
      '• The failure rate was 42.9 % over the last 24 h, above the 0 % allowed.',
      '• The 90th-percentile time in queue was 1 h 40 min over the last 24 h, above the 0 s allowed.',
    ]);
    expect(message.join('\n')).not.toMatch(/max-failure-rate|max-time-in-queue-minutes|min-trips|stall-minutes/);
    // At most six lines between the verdict and the links.
    expect(message).toHaveLength(8);
  });

  it('a failure the message does not say already is its own line', () => {
    const message = queueSlack(
      { answer, health, window: overLimits(), ...QUEUE },
      { ...context, failed: true, failure: 'The step was cancelled (the job was cancelled: SIGTERM).' },
    );
    expect(message.split('\n')[1]).toBe('❌ The step was cancelled (the job was cancelled: SIGTERM).');
  });
});

describe('against the previous run', () => {
  it('a recovery: healthy again, after how long, and what it was', () => {
    const alert = { previousReady: false, changed: true, recovery: { afterMs: 130 * 60_000, was: ['queue_paused'] } };
    const [first] = queueSlack({ answer, health, alert, ...QUEUE }, context).split('\n');
    expect(first).toBe('*✅ Queue main of octo-org/octo-repo is healthy again, after 2 h 10 min paused*');
  });

  it('not healthy now: no recovery, whatever the previous run was', () => {
    const paused = queue([[1840, 'testing']], { state: 'paused' });
    const pausedHealth = assessQueue({ queue: paused.queue, nowMs: NOW, stallMinutes: 30 });
    const alert = { previousReady: false, changed: false, unhealthySinceMs: NOW - 60_000 };
    const [first] = queueSlack({ answer: paused, health: pausedHealth, alert, ...QUEUE }, context).split('\n');
    expect(first).toBe('*❌ Queue main of octo-org/octo-repo is paused*');
  });
});

describe('the first line a channel reads', () => {
  it('under 150 characters, however long the names: cut short, never the verdict', () => {
    const long = { repo: `${'o'.repeat(39)}/${'r'.repeat(100)}`, branch: `release/${'b'.repeat(200)}` };
    const named = { ...answer, queue: { ...answer.queue, branch: long.branch } };
    const [first = ''] = queueSlack({ answer: named, health, ...long }, context).split('\n');
    expect(first.length).toBeLessThan(150);
    expect(first).toMatch(/^\*✅ Queue release\/b+… of o+\/r+… is healthy\*$/);
  });

  it('a queue that could not be read: which one, and why', () => {
    const message = queueSlack(QUEUE, {
      ...context,
      runUrl: 'https://github.com/octo-org/octo-repo/actions/runs/1',
      failure: 'Trunk API v2 /v2/repositories: the API key was refused (HTTP 401).',
    });
    expect(message.split('\n')).toEqual([
      '*❌ Queue main of octo-org/octo-repo: its status could not be read*',
      '❌ Trunk API v2 /v2/repositories: the API key was refused (HTTP 401).',
      '<https://github.com/octo-org/octo-repo/actions/runs/1|this run>',
    ]);
  });
});

it('a link from outside that carries a credential leaves the message, the key with it', () => {
  const key = 'trunk_v2_sim_0123456789abcdef';
  const leaky = { ...answer, queue: { ...answer.queue, htmlUrl: `https://app.trunk.io/q?k=${key}` } };
  const redact = (text: string) => text.split(key).join('***');
  const message = queueSlack({ answer: leaky, health, window: over(24), ...QUEUE }, { ...context, redact });
  expect(message).not.toContain(key);
  expect(message).not.toContain('the queue in Trunk');
});

describe("a PR's message", () => {
  const notReady = deriveStatus({
    prNumber: 1842,
    answer: found({
      state: 'not_ready',
      stateChangedAt: new Date(NOW - 12 * 60_000).toISOString(),
      readiness: readiness({ gitHubMergeability: 'in_progress' }),
    }),
    queue: read,
    nowMs: NOW,
  });
  const prContext = { ...context, runUrl: 'https://github.com/octo-org/octo-repo/actions/runs/1' };

  it('a gate that fails for not being ready: ❌, and why said once', () => {
    const lines = prSlack(notReady, { ...prContext, failed: true }).split('\n');
    expect(lines[0]).toBe('*❌ Not ready: PR #1842 is waiting to enter the queue for 12 min*');
    expect(lines.filter((line) => line.includes('is not ready:'))).toEqual([notReadyLine(notReady)]);
    expect(lines.at(-1)).toBe(
      '<https://github.com/octo-org/octo-repo/pull/1842|PR #1842> · <https://github.com/octo-org/octo-repo/actions/runs/1|this run>',
    );
  });

  it('a failure the message does not say already is its own line, after the verdict', () => {
    const failure = 'The step was cancelled (the job was cancelled: SIGTERM).';
    const lines = prSlack(notReady, { ...prContext, failed: true, failure }).split('\n');
    expect(lines[1]).toBe(`❌ ${failure}`);
  });

  it('not ready, and the step does not fail: no ❌', () => {
    expect(prSlack(notReady, prContext).split('\n')[0]).toBe(
      '*⏳ Not ready: PR #1842 is waiting to enter the queue for 12 min*',
    );
  });
});
