// How the queue has been doing over a window, decided once from what the history reads answered:
// the figures of the window as far as it was read, the same for the window before, the change of
// each, and what the thresholds make of them. Pure; the words are ../words/window.ts's.
import type { HistoryRead, Span, WindowAnswer, WindowReadFailure } from '../history.js';
import { compareWindows, type WindowComparison } from './compare.js';
import { figuresFromHistory, figuresFromMetrics, type WindowFigures } from './figures.js';
import { judgeWindow, type WindowLimits, type WindowReason } from './thresholds.js';
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
  /** The window before, as far as it was read; undefined when there is none. */
  before?: { figures: WindowFigures; covered: Span; span: Span };
  /** Each figure against the window before; undefined without one. */
  comparison?: WindowComparison;
  /** What holds the report: empty when it passes. */
  reasons: WindowReason[];
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
      metricsMissing: answer.kind === 'metrics' && answer.missing === true,
    };
  }
  const figures = figuresOf(answer.current);
  const earlier =
    before && answer.before
      ? { figures: figuresOf(answer.before), covered: answer.before.covered, span: before }
      : undefined;
  return {
    ...common,
    kind: 'history',
    figures,
    covered: answer.current.covered,
    before: earlier,
    comparison: earlier ? compareWindows(figures, earlier.figures) : undefined,
    reasons: judgeWindow(figures, limits),
    metricsMissing: false,
  };
}

/** The figures of what one span's reads covered: nothing outside it counts, nothing is extrapolated. */
function figuresOf(read: HistoryRead): WindowFigures {
  const trips = read.timelines?.flatMap(tripsOf);
  // A span read for nothing (the cap came first) has no figures: not zeros.
  if (read.covered.toMs <= read.covered.fromMs) return {};
  return figuresFromHistory({ trips, stretches: read.stretches, span: read.covered });
}
