// ESM throughout: jest runs under node --experimental-vm-modules (npm test does; a flag, not NODE_OPTIONS,
// so that it works in every shell, Windows cmd and PowerShell included).
import { availableParallelism } from 'node:os';

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  // Many runs against a real rate limit, on the real clock, and local-action compiling the sources:
  // `npm run test:load` (jest.load.config.js).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/load/'],
  testTimeout: 30_000,
  // Two workers even on a two-core machine, where jest's default (one fewer than the cores) would
  // run one: jest's own process mostly waits, so both cores can run tests.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // Every source file counts, imported by a test or not (main.ts once was not).
  collectCoverageFrom: ['src/**/*.ts'],
};
