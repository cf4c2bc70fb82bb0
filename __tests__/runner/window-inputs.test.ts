// What `window`, `max-failure-rate`, `max-time-in-queue-minutes` and `min-trips` accept, and which
// threshold could never be read: each refused before any request, in one line naming the input to fix.
import { describe, expect, it } from '@jest/globals';
import { readWindowInputs, refuseWithPr } from '../../src/runner/window-inputs.js';
import { INPUT_DEFAULTS } from '../../src/runner/inputs.js';

const show = (raw: string) => JSON.stringify(raw);
// As readInputs gives them: the value, or its default.
const read = (inputs: Record<string, string>, apiKey = 'trunk_v2_key') =>
  readWindowInputs((name) => inputs[name] ?? INPUT_DEFAULTS[name], { apiKey }, show);

describe('window', () => {
  it.each([
    ['none', undefined],
    ['NONE', undefined],
    ['1h', { label: '1h', ms: 3_600_000 }],
    ['24h', { label: '24h', ms: 86_400_000 }],
    ['7d', { label: '7d', ms: 7 * 86_400_000 }],
    ['45d', { label: '45d', ms: 45 * 86_400_000 }],
  ])('%s', (value, window) => {
    expect(read({ window: value }).window).toEqual(window);
  });

  it.each(['0', '0h', '-1d', '46d', '1081h', '7w', '1.5h', 'week', ' 7d'])('%j is refused, naming window', (value) => {
    expect(() => read({ window: value })).toThrow(/^Input 'window' must be /);
  });
});

describe('the thresholds', () => {
  it('read as numbers', () => {
    expect(read({ window: '7d', 'max-failure-rate': '12.5', 'max-time-in-queue-minutes': '90' })).toEqual({
      window: { label: '7d', ms: 7 * 86_400_000 },
      maxFailureRate: 12.5,
      maxTimeInQueueMinutes: 90,
      minTrips: 10,
    });
  });

  it.each([
    ['max-failure-rate', '101', /^Input 'max-failure-rate' must be a percentage from 0 to 100, got "101"$/],
    ['max-failure-rate', '-1', /^Input 'max-failure-rate' must be a percentage from 0 to 100/],
    ['max-time-in-queue-minutes', '0', /^Input 'max-time-in-queue-minutes' must be a number of minutes above 0/],
    ['max-time-in-queue-minutes', 'an hour', /^Input 'max-time-in-queue-minutes' must be a number of minutes above 0/],
  ])('%s %j is refused', (name, value, message) => {
    expect(() => read({ window: '7d', [name]: value })).toThrow(message);
  });

  it('with window: none, a threshold could never be read: refused, naming both inputs', () => {
    expect(() => read({ 'max-failure-rate': '20' })).toThrow(
      /^Input 'max-failure-rate' holds the report to a figure over a window, but window is none; set window/,
    );
  });

  it('with api-token alone beyond the last hour, refused naming api-key; the last hour is fine', () => {
    expect(() => read({ window: '7d', 'max-time-in-queue-minutes': '60' }, '')).toThrow(
      /^Input 'max-time-in-queue-minutes' needs the queue's history over 7d, .*; set api-key, or window: 1h$/,
    );
    expect(read({ window: '1h', 'max-failure-rate': '20' }, '').maxFailureRate).toBe(20);
  });
});

describe('min-trips', () => {
  it.each([
    ['10', 10],
    ['0', 0],
    ['100000', 100_000],
  ])('%s', (value, minTrips) => {
    expect(read({ window: '7d', 'min-trips': value }).minTrips).toBe(minTrips);
  });

  it.each(['-1', '2.5', 'ten', '100001'])('%j is refused, naming min-trips', (value) => {
    expect(() => read({ window: '7d', 'min-trips': value })).toThrow(
      /^Input 'min-trips' must be a whole number of trips from 0 to 100000/,
    );
  });
});

describe('with scope: pr', () => {
  it.each([
    ['window', '7d'],
    ['max-failure-rate', '20'],
    ['max-time-in-queue-minutes', '60'],
    ['min-trips', '5'],
  ])('%s given is refused, naming it and scope', (name, value) => {
    expect(() => refuseWithPr((input) => (input === name ? value : ''), INPUT_DEFAULTS)).toThrow(
      new RegExp(`^Input '${name}' belongs to a report on the queue over a window, but scope is pr`),
    );
  });

  it('window and min-trips at their defaults (as the runner fills them in) are no reason to fail', () => {
    expect(() => refuseWithPr((input) => (input === 'window' ? 'none' : ''), INPUT_DEFAULTS)).not.toThrow();
    expect(() => refuseWithPr((input) => (input === 'min-trips' ? '10' : ''), INPUT_DEFAULTS)).not.toThrow();
  });
});
