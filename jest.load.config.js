// The load tests alone (`npm run test:load`): many runs at once against a real rate limit, on the
// real clock, and local-action's run of the sources, seconds of compiling them. Kept out of
// `npm test`, whose tests never wait in real time; .ci/run runs both.
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  testMatch: ['<rootDir>/__tests__/load/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 120_000,
};
