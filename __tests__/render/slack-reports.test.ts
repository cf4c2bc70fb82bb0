// The queue's Slack message with a window, from the fixed history of core/window/fixture.ts: the
// health first, then the window's sentence, merged trips per hour or per day as text bars, what
// failed most, and the links. The sentences are core/words' (asserted there); here, which lines
// the message has, in which order, and that the bars are per day beyond 48 h.
import { describe, expect, it } from '@jest/globals';
import { assessQueue } from '../../src/core/health.js';
import type { HistoryRead } from '../../src/core/history.js';
import { buildWindowReport, type WindowReport } from '../../src/core/window/report.js';
import { windowSentence } from '../../src/core/words/window.js';
import { deriveStatus } from '../../src/core/status.js';
import { notReadyLine } from '../../src/core/words/pr.js';
import { prSlack, queueSlack } from '../../src/render/slack-reports.js';
import { NOW, STRETCHES, TIMELINES } from '../core/window/fixture.js';
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

const lines = (window: WindowReport) => queueSlack({ answer, health, window }, context).split('\n');

describe('the queue with a window', () => {
  it('the health, the window in a sentence, the bars, what failed most, then the links', () => {
    const window = over(24);
    const message = lines(window);
    expect(message).toHaveLength(5);
    expect(message[0]).toMatch(/^\*✅ Queue main is healthy/);
    expect(message[1]).toBe(windowSentence(window));
    // 101 at 155, 102 at 290, 105 at 620, 107 at 1440: a bar per hour, the highest full.
    expect(message[2]).toBe('Merged per hour: ▁▁█▁█▁▁▁▁▁█▁▁▁▁▁▁▁▁▁▁▁▁█');
    expect(message[3]).toBe('Failed most: required check failed (1); `lint` (3)');
    expect(message[4]).toBe('<https://app.trunk.io/q|the queue in Trunk>');
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
    expect(lines(window).slice(1)).toEqual([windowSentence(window), '<https://app.trunk.io/q|the queue in Trunk>']);
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

  it('every reason in the heading once, no bullet repeating one, and the failure not said again', () => {
    const window = overLimits();
    expect(window.reasons).toEqual(['failure_rate_high', 'time_in_queue_high']);
    const message = queueSlack({ answer, health, window }, { ...context, failed: true }).split('\n');
    expect(message[0]).toMatch(/^\*❌ Queue main needs attention: the failure rate .*, and the 90th-percentile time/);
    expect(message.filter((line) => line.startsWith('•') || line.startsWith('❌'))).toEqual([]);
    expect(message[1]).toBe(windowSentence(window));
  });

  it('a failure the message does not say already is its own line', () => {
    const message = queueSlack(
      { answer, health, window: overLimits() },
      { ...context, failed: true, failure: 'The step was cancelled (the job was cancelled: SIGTERM).' },
    );
    expect(message.split('\n')[1]).toBe('❌ The step was cancelled (the job was cancelled: SIGTERM).');
  });
});

it('a link from outside that carries a credential leaves the message, the key with it', () => {
  const key = 'trunk_v2_sim_0123456789abcdef';
  const leaky = { ...answer, queue: { ...answer.queue, htmlUrl: `https://app.trunk.io/q?k=${key}` } };
  const redact = (text: string) => text.split(key).join('***');
  const message = queueSlack({ answer: leaky, health, window: over(24) }, { ...context, redact });
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
