// How the queue has been doing over a window, decided once from what the history reads answered:
// the figures of the window as far as it was read, the same for the window before, the change of
// each, and what the thresholds make of them. Pure; the words are ../words/window.ts's.
import type { HistoryRead, Span, WindowAnswer, WindowReadFailure } from '../history.js';
import { compareWindows, type WindowComparison } from './compare.js';
import { figuresFromHistory, figuresFromMetrics, type WindowFigures } from './figures.js';
import { judgeWindow, tooFewToJudge, type TooFew, type WindowLimits, type WindowReason } from './thresholds.js';
import { tripsOf } from './trips.js';

export interface WindowReport {
  /** As the input wrote it: `7d`. */
  label: string;
  windowMs: number;
  /** `history`: per trip (api-key); `metrics`: the last hour's metrics; `counts`: merged PRs only. */
  kind: WindowAnswer['kind'];
  figures: WindowFigures;
  /** What the reads covered of the window: the whole of it, or its most recent part. */
  covered: Span;
  window: Span;
  /** When Trunk's history of the queue begins (its creation), when known: nothing older exists. */
  historyFromMs?: number;
  /**
   * The window before, as far as it was read and Trunk has it; undefined when there is none, or
   * none of it is to be had (a queue younger than the window).
   */
  before?: { figures: WindowFigures; covered: Span; span: Span };
  /** Each figure against the window before; undefined without one. */
  comparison?: WindowComparison;
  /** What holds the report: empty when it passes. */
  reasons: WindowReason[];
  /** The thresholds left unjudged: too few trips for min-trips. */
  tooFew: TooFew[];
  limits: WindowLimits;
  failures: WindowReadFailure[];
  /** The metrics endpoint answered 404: an older Trunk. */
  metricsMissing: boolean;
  requests: number;
}

export interface WindowReportInput {
  answer: WindowAnswer;
  label: string;
  window: Span;
  before?: Span;
  limits: WindowLimits;
}

export function buildWindowReport({ answer, label, window, before, limits }: WindowReportInput): WindowReport {
  const windowMs = window.toMs - window.fromMs;
  const common = { label, windowMs, window, limits, failures: answer.failures, requests: answer.requests };
  if (answer.kind !== 'history') {
    const figures: WindowFigures =
      answer.kind === 'metrics'
        ? answer.metrics
          ? figuresFromMetrics(answer.metrics)
          : {}
        : { merged: answer.merged };
    return {
      ...common,
      kind: answer.kind,
      figures,
      covered: window,
      reasons: judgeWindow(figures, limits),
      tooFew: tooFewToJudge(figures, limits),
      metricsMissing: answer.kind === 'metrics' && answer.missing === true,
    };
  }
  const { historyFromMs } = answer;
  const covered = kept(answer.current.covered, historyFromMs);
  const figures = figuresOf(answer.current, covered);
  const beforeCovered = answer.before && kept(answer.before.covered, historyFromMs);
  // None of the window before to be had: left out, never compared as if it were a whole one of zeros.
  const earlier =
    before && answer.before && beforeCovered && beforeCovered.toMs > beforeCovered.fromMs
      ? { figures: figuresOf(answer.before, beforeCovered), covered: beforeCovered, span: before }
      : undefined;
  return {
    ...common,
    kind: 'history',
    figures,
    covered,
    ...(historyFromMs === undefined ? {} : { historyFromMs }),
    before: earlier,
    comparison: earlier ? compareWindows(figures, earlier.figures) : undefined,
    reasons: judgeWindow(figures, limits),
    tooFew: tooFewToJudge(figures, limits),
    metricsMissing: false,
  };
}

/** What was read of a span, from when Trunk's history begins: before the queue existed there is nothing. */
function kept(covered: Span, historyFromMs: number | undefined): Span {
  if (historyFromMs === undefined || historyFromMs <= covered.fromMs) return covered;
  return { fromMs: Math.min(historyFromMs, covered.toMs), toMs: covered.toMs };
}

/** The figures of what one span's reads covered: nothing outside it counts, nothing is extrapolated. */
function figuresOf(read: HistoryRead, covered: Span): WindowFigures {
  const trips = read.timelines?.flatMap(tripsOf);
  // A span read for nothing (the cap came first) has no figures: not zeros.
  if (covered.toMs <= covered.fromMs) return {};
  return figuresFromHistory({ trips, stretches: read.stretches, span: covered });
}
