// The slow suite (`npm run test:slow`, which .ci/run runs too): what takes real time (__tests__/load/:
// many runs at once against a real rate limit, on the real clock, and local-action compiling the
// sources) and what takes many seconds of work (`*.slow.test.ts`: sweeps over every scenario,
// property tests at their full number of runs, the busiest histories and biggest answers, the
// bundle and the scripts run as processes). `npm test` keeps a test of every decision and message.
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  testMatch: ['<rootDir>/__tests__/load/**/*.test.ts', '<rootDir>/__tests__/**/*.slow.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 120_000,
  // Property tests at their full number of runs (__tests__/helpers/property-runs.ts).
  globals: { FULL_PROPERTY_RUNS: true },
};
