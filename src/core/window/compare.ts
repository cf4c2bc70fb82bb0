// Each figure beside the window before it, as data: the words ("merged 142, ▲ 18 on the 7 days
// before") are the summary's to write. A side that is unknown leaves the change unknown; it is
// never taken as 0, which would invent a rise or a fall.
import type { WindowFigures } from './figures.js';

export interface FigureChange {
  now?: number;
  before?: number;
  /** now − before, to one decimal; undefined when either side is unknown or not finite. */
  change?: number;
  /** Undefined when either side is unknown. */
  direction?: 'up' | 'down' | 'same';
}

const COMPARED = {
  merged: (f: WindowFigures) => f.merged,
  failed: (f: WindowFigures) => f.failed,
  cancelled: (f: WindowFigures) => f.cancelled,
  failureRate: (f: WindowFigures) => f.failureRate,
  timeInQueueP50: (f: WindowFigures) => f.timeInQueue?.p50Seconds,
  timeInQueueP90: (f: WindowFigures) => f.timeInQueue?.p90Seconds,
  testingP50: (f: WindowFigures) => f.testing?.p50Seconds,
  testingP90: (f: WindowFigures) => f.testing?.p90Seconds,
  restarts: (f: WindowFigures) => f.restarts,
  attemptsPerMerge: (f: WindowFigures) => f.attemptsPerMerge,
  retriedMerges: (f: WindowFigures) => f.retriedMerges,
  repeatFailures: (f: WindowFigures) => f.repeatFailures,
} satisfies Record<string, (f: WindowFigures) => number | undefined>;

export type WindowComparison = Record<keyof typeof COMPARED, FigureChange>;

/** The window's figures against the window before; `before` undefined when there is none (a 45-day window). */
export function compareWindows(now: WindowFigures, before: WindowFigures | undefined): WindowComparison {
  // No window before: nothing is known of it, so every change is unknown.
  const entries = Object.entries(COMPARED).map(([name, read]) => [name, changeOf(read(now), read(before ?? {}))]);
  return Object.fromEntries(entries) as WindowComparison;
}

const towards = (a: number, b: number): 'up' | 'down' | 'same' => (a > b ? 'up' : a < b ? 'down' : 'same');

function changeOf(now: number | undefined, before: number | undefined): FigureChange {
  if (now === undefined || before === undefined) return { now, before };
  // A bucket bound may be Infinity, and Infinity − Infinity is NaN: no change is better than that,
  // though which way it went is still plain.
  if (!Number.isFinite(now) || !Number.isFinite(before)) return { now, before, direction: towards(now, before) };
  // One decimal, as the failure rate is written (12.5 − 10.1 is 2.4000000000000004 in floating
  // point), and the direction from that, so that a change of 0 is never "up"; + 0 turns −0 into 0.
  const change = Math.round((now - before) * 10) / 10 + 0;
  return { now, before, change, direction: towards(change, 0) };
}
