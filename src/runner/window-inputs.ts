// What `window`, `max-failure-rate`, `max-time-in-queue-minutes` and `min-trips` accept, and where
// they belong: a report on the queue (`scope: queue`) over a window. A threshold that could never be read is
// refused before any request: with no window, and with api-token alone beyond the last hour.
import * as z from 'zod/mini';
import { InputError } from '../shared/errors.js';
import { parse, wholeNumber, type Show } from './input-values.js';

const HOUR_MS = 3_600_000;
/** Trunk keeps 45 days of history. */
const MAX_WINDOW_MS = 45 * 24 * HOUR_MS;

/** A window a report looks back over: `7d`, `24h`. */
interface WindowInput {
  /** As written, for the words: `7d`. */
  label: string;
  ms: number;
}

export interface WindowInputs {
  /** Undefined: `none`, the health snapshot only. */
  window?: WindowInput;
  /** A percentage from 0 to 100. */
  maxFailureRate?: number;
  maxTimeInQueueMinutes?: number;
  /** A threshold judges its figure only when at least this many trips stand behind it. */
  minTrips: number;
}

const windowValue = z.pipe(
  z
    .string()
    .check(
      z.regex(
        /^(none|[1-9]\d{0,3}[hd])$/i,
        'must be none, or a whole number of hours or days from 1h to 45d (7d, 24h)',
      ),
    ),
  z.transform((value: string): WindowInput | undefined => {
    const text = value.toLowerCase();
    if (text === 'none') return undefined;
    const count = Number(text.slice(0, -1));
    return { label: text, ms: count * (text.endsWith('d') ? 24 : 1) * HOUR_MS };
  }),
);

const percent = z.pipe(
  z.string().check(
    z.regex(/^\d+(\.\d+)?$/, 'must be a percentage from 0 to 100'),
    z.refine((value) => Number(value) <= 100, 'must be a percentage from 0 to 100'),
  ),
  z.transform(Number),
);

const positiveMinutes = z.pipe(
  z.string().check(
    z.regex(/^\d+(\.\d+)?$/, 'must be a number of minutes above 0'),
    z.refine((value) => Number(value) > 0, 'must be a number of minutes above 0'),
  ),
  z.transform(Number),
);

/** The inputs of a window report, each checked; `get` gives an input's value or its default. */
export function readWindowInputs(
  get: (name: (typeof QUEUE_ONLY)[number]) => string,
  credentials: { apiKey: string },
  show: Show,
): WindowInputs {
  const window = parse('window', windowValue, get('window'), show);
  if (window && window.ms > MAX_WINDOW_MS) {
    throw new InputError('window', `must be at most 45d, as long as Trunk keeps history, got ${show(get('window'))}`);
  }
  const rateRaw = get('max-failure-rate');
  const minutesRaw = get('max-time-in-queue-minutes');
  const maxFailureRate = rateRaw ? parse('max-failure-rate', percent, rateRaw, show) : undefined;
  const maxTimeInQueueMinutes = minutesRaw
    ? parse('max-time-in-queue-minutes', positiveMinutes, minutesRaw, show)
    : undefined;
  const threshold = rateRaw ? 'max-failure-rate' : minutesRaw ? 'max-time-in-queue-minutes' : undefined;
  if (threshold && !window) {
    throw new InputError(
      threshold,
      'holds the report to a figure over a window, but window is none; set window (7d, say), or remove the threshold',
    );
  }
  if (threshold && window && window.ms > HOUR_MS && !credentials.apiKey) {
    throw new InputError(
      threshold,
      `needs the queue's history over ${window.label}, which only Trunk's v2 API serves (api-token alone gives the last hour); set api-key, or window: 1h`,
    );
  }
  const minTrips = parse(
    'min-trips',
    wholeNumber(0, 100_000, 'a whole number of trips from 0 to 100000'),
    get('min-trips'),
    show,
  );
  return { window, maxFailureRate, maxTimeInQueueMinutes, minTrips };
}

/** The window report's inputs: given with `scope: pr`, each fails before any request, naming itself and scope. */
const QUEUE_ONLY = ['window', 'max-failure-rate', 'max-time-in-queue-minutes', 'min-trips'] as const;

export function refuseWithPr(getInput: (name: string) => string, defaults: Record<string, string>): void {
  const given = QUEUE_ONLY.find((name) => {
    const value = getInput(name).trim();
    return value !== '' && value.toLowerCase() !== defaults[name];
  });
  if (given) {
    throw new InputError(
      given,
      'belongs to a report on the queue over a window, but scope is pr; set scope: queue, or remove it',
    );
  }
}
