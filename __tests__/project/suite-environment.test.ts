// The suites' test environment (scripts/jest-suite-environment.mjs) decides, from jest-circus's
// events, what fails a suite: a hook our tests add at a file's top level, and a `.only`. Its handler
// is called here on events shaped as jest-circus 30 sends them, with the folder it would take from
// the project's rootDir.
import { describe, expect, it } from '@jest/globals';
import SuiteEnvironment from '../../scripts/jest-suite-environment.mjs';

const TESTS = '/work/project/__tests__/';
const root = { name: 'ROOT_DESCRIBE_BLOCK' };
const inner = { name: 'a describe' };

/** The errors the handler leaves for jest-circus to fail the suite with. */
function failures(event: Record<string, unknown>, currentDescribeBlock: object = root): Error[] {
  const state = { currentDescribeBlock, rootDescribeBlock: root, unhandledErrors: [] as Error[] };
  SuiteEnvironment.prototype.handleTestEvent.call({ tests: TESTS }, event as never, state);
  return state.unhandledErrors;
}

/** An error whose stack has these frames, as jest-circus keeps where a hook or test was added. */
function addedAt(...frames: string[]): Error {
  const error = new Error('');
  error.stack = ['Error', ...frames.map((frame) => `    at ${frame}`)].join('\n');
  return error;
}

const fromTestFile = addedAt(`${TESTS}run/v1.test.ts:15:13`);
const fromHelper = addedAt(`useSimulator (${TESTS}helpers/simulator.ts:24:5)`, `${TESTS}run/v1.test.ts:15:13`);

describe('the suites’ test environment', () => {
  it('fails a suite with a hook at a test file’s top level, named, with the stack to its line', () => {
    const [error, more] = failures({ name: 'add_hook', hookType: 'beforeEach', asyncError: fromTestFile });
    expect(more).toBeUndefined();
    expect(error?.message).toBe(
      "A hook (beforeEach) at a test file's top level runs around every test of its suite in npm test: put it, or the helper that adds it (useSimulator, sweepWords), in the file's describe.",
    );
    expect(error?.stack?.split('\n').slice(1)).toEqual([`    at ${TESTS}run/v1.test.ts:15:13`]);
  });

  it('and one a helper adds there', () => {
    expect(failures({ name: 'add_hook', hookType: 'afterAll', asyncError: fromHelper })).toHaveLength(1);
  });

  it('leaves a hook inside a describe alone', () => {
    expect(failures({ name: 'add_hook', hookType: 'beforeEach', asyncError: fromHelper }, inner)).toEqual([]);
  });

  it('leaves Jest’s own root hook alone, even in a checkout under another __tests__ folder', () => {
    const jests = addedAt('jestAdapter (/home/me/__tests__/r/node_modules/jest-circus/build/runner.js:61:11)');
    expect(failures({ name: 'add_hook', hookType: 'beforeEach', asyncError: jests })).toEqual([]);
  });

  it.each(['add_test', 'start_describe_definition'])('fails a suite with a .only (%s)', (name) => {
    const [error] = failures({ name, mode: 'only', asyncError: fromTestFile }, inner);
    expect(error?.message).toBe(
      '.only in npm test skips every other test of its suite: run one test with npm run test:file -- <path> -t <name> instead.',
    );
  });

  it.each([undefined, 'skip', 'todo'])('leaves a test of mode %s alone', (mode) => {
    expect(failures({ name: 'add_test', mode, asyncError: fromTestFile }, inner)).toEqual([]);
  });
});
