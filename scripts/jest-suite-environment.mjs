// @ts-check
// npm test's test environment (jest.suites.config.js): Node's, and two things that are harmless in
// one test file fail a suite, which imports many test files into one Jest file:
// - a hook added at a file's top level (a beforeEach, or a helper such as useSimulator that adds
//   one) would run around the tests of every file in the suite;
// - a `.only` would silently skip every other test of the suite, in CI too.
// Seen at run time, where Jest adds them, whatever form the call takes; a lint rule would see only
// the forms it was told about.
import { join, sep } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';

/** What this reads of jest-circus's events and state; the rest it leaves alone. */
/** @typedef {{ name: string; hookType?: string; mode?: string; asyncError?: Error }} CircusEvent */
/** @typedef {{ currentDescribeBlock: unknown; rootDescribeBlock: unknown; unhandledErrors: unknown[] }} CircusState */

export default class SuiteEnvironment extends TestEnvironment {
  /** @param {ConstructorParameters<typeof TestEnvironment>} args */
  constructor(...args) {
    super(...args);
    // Where our tests and their helpers live, as stack frames name them. Jest adds a hook of its
    // own at the root, from node_modules: only ours have this folder on the stack (matched as a
    // whole path, so a checkout inside some other __tests__ folder changes nothing).
    this.tests = join(args[0].projectConfig.rootDir, '__tests__') + sep;
  }

  /** @param {CircusEvent} event @param {CircusState} state */
  handleTestEvent(event, state) {
    const problem = problemOf(event, state);
    // The stack only when something is wrong: formatting one for each of thousands of tests costs
    // about a second of the suite.
    if (!problem) return;
    const where = event.asyncError?.stack ?? '';
    if (!where.includes(this.tests)) return;
    const error = new Error(problem);
    error.stack = [problem, ...where.split('\n').slice(1)].join('\n');
    state.unhandledErrors.push(error);
  }
}

/** @param {CircusEvent} event @param {CircusState} state */
function problemOf(event, state) {
  if (event.name === 'add_hook' && state.currentDescribeBlock === state.rootDescribeBlock) {
    return (
      `A hook (${event.hookType}) at a test file's top level runs around every test of its suite in npm test: ` +
      "put it, or the helper that adds it (useSimulator, sweepWords), in the file's describe."
    );
  }
  if ((event.name === 'add_test' || event.name === 'start_describe_definition') && event.mode === 'only') {
    return (
      '.only in npm test skips every other test of its suite: ' +
      'run one test with npm run test:file -- <path> -t <name> instead.'
    );
  }
  return undefined;
}
