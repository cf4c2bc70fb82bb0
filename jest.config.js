// ESM throughout: run with NODE_OPTIONS=--experimental-vm-modules (npm test does).
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testTimeout: 30_000,
  // Every source file counts, imported by a test or not (main.ts once was not).
  collectCoverageFrom: ['src/**/*.ts'],
};
