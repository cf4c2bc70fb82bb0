// Each test file on its own (`npm run test:file -- <path>`); `npm test` runs the same files through
// __tests__/suites/ (jest.suites.config.js), `npm run test:slow` the slow ones (jest.slow.config.js).
// ESM throughout: jest runs under node --experimental-vm-modules (the npm scripts pass it, a flag
// rather than NODE_OPTIONS, so that it works in every shell, Windows cmd and PowerShell included;
// --disable-warning keeps its warning out of every worker's output).
import { availableParallelism } from 'node:os';

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    // @actions/workflow-parser's own schema imports (see the files there).
    '^\\.\\./((?:action|workflow)-v1\\.0\\.min)\\.json$': '<rootDir>/__tests__/helpers/workflow-parser-json/$1.mjs',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': '<rootDir>/scripts/jest-transform.mjs' },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  // What takes real time or many seconds of work runs in `npm run test:slow` (jest.slow.config.js).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/load/', '\\.slow\\.test\\.ts$'],
  testTimeout: 30_000,
  // Two workers even on a two-core machine, where jest's default (one fewer than the cores) would
  // run one: jest's own process mostly waits, so both cores can run tests.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // A worker's exit frees the module contexts of every test file it ran, which Node takes from 0.3 s
  // to a few seconds on a loaded machine to do: that is not a leak, and killing the worker at Jest's
  // default 0.5 s only prints a warning that hides a real one.
  workerGracefulExitTimeout: 10_000,
  // Every source file counts, imported by a test or not (main.ts once was not).
  collectCoverageFrom: ['src/**/*.ts'],
};
