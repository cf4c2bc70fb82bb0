// Time as the action sees it: the clock, which the wait loop and the retry back-offs ask rather
// than the timers (so tests can run an hour-long wait against a virtual clock in milliseconds), and
// the one reading and writing of dates.
import { setTimeout as sleepTimer } from 'node:timers/promises';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A signal that aborts `ms` from now: the wait's deadline. */
  timeout(ms: number): AbortSignal;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleepTimer(ms, undefined, { signal }),
  timeout: (ms) => AbortSignal.timeout(ms),
};

/** Dates JavaScript can hold (±8.64e15 ms): a computed time past them is no time at all. */
const MAX_DATE_MS = 8.64e15;

/** A time a Date can hold (±8.64e15 ms). */
export function validDate(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS;
}

// ISO 8601 with a date and a time, as Trunk sends it; Date.parse alone would also take "March 7"
// and read a time without a zone as local time.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseTimestamp(text: string): number | undefined {
  const value = text.trim();
  if (!ISO_8601.test(value)) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned.replace(' ', 'T'));
  return validDate(ms) ? ms : undefined;
}

/** Whole seconds from `ms` to `nowMs`; 0 for a time ahead of now (the two clocks differ). */
export function secondsSince(ms: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - ms) / 1000));
}

/** The span ISO 8601's four-digit years can write: 0000-01-01T00:00:00Z up to 10000-01-01. */
const YEAR_0_MS = -62_167_219_200_000;
const YEAR_10000_MS = 253_402_300_800_000;

/**
 * ISO 8601 in UTC to the second: `2026-11-20T12:00:00Z`; empty for a time no date can hold, and
 * for one outside years 0000 to 9999, which JavaScript writes as `+010000-…`, a form few parse.
 */
export function isoSeconds(ms: number): string {
  if (!validDate(ms) || ms >= YEAR_10000_MS || ms < YEAR_0_MS) return '';
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
