// What `npm test` runs: the default suite's test files (jest.config.js), imported by six Jest
// files, __tests__/suites/*.ts (the modules one at a time, the clients, a suite per use of whole
// runs, the project's files). Jest gives each of its test files a module registry of its own, so
// each loaded zod, Octokit, the simulator, the sources and Jest's own expect and circus anew: about
// a third of the suite's time over more than a hundred files. A suite loads them once for every file it imports.
// Each file still runs alone (`npm run test:file -- <path>`, jest.config.js): its hooks live in its
// describe, so in a suite they still run around its own tests only; the environment fails a suite
// with a hook at a file's top level, or with a `.only`, which would skip the rest of it.
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  testMatch: ['<rootDir>/__tests__/suites/*.ts'],
  testEnvironment: '<rootDir>/scripts/jest-suite-environment.mjs',
};
