// How many cases a property test tries: its full number in the slow suite (jest.slow.config.js
// sets FULL_PROPERTY_RUNS, and a `*.slow.test.ts` file imports the test file whole), a fifth of it
// in `npm test`, which stays quick enough to run on every change and still fails on any regression
// the property has caught so far (each was found within the first few dozen cases).
const full = (globalThis as { FULL_PROPERTY_RUNS?: boolean }).FULL_PROPERTY_RUNS === true;

export function propertyRuns(runs: number): number {
  return full ? runs : Math.max(10, Math.round(runs / 5));
}
