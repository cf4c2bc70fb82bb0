// The README's tables and action.yml's vocabulary cannot drift from the code's single lists.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { renderReadme } from '../../scripts/docs.mjs';
import { HEALTH_REASON_CODES } from '../../src/core/health.js';
import { PR_STATES, REASON_CODES, WAITABLE_STATES } from '../../src/core/verdict.js';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const actionYml = read('action.yml');
const action = parse(actionYml) as {
  inputs: Record<string, { description: string }>;
  outputs: Record<string, { description: string }>;
};

describe('docs', () => {
  it('README tables are what npm run docs writes from action.yml', () => {
    const readme = read('README.md');
    expect(renderReadme(readme, actionYml)).toBe(readme);
  });

  it('would notice a README table that drifted', () => {
    const drifted = read('README.md').replace('| `retries` | `3` |', '| `retries` | `5` |');
    expect(renderReadme(drifted, actionYml)).not.toBe(drifted);
  });

  it('action.yml names every PR state, waitable state and reason code the code knows', () => {
    const words = (text: string | undefined) => new Set(text?.match(/[a-z_<>]+/g));
    const state = words(action.outputs.state?.description);
    expect([...PR_STATES, 'not_submitted'].filter((s) => !state.has(s))).toEqual([]);
    const waitFor = words(action.inputs['wait-for']?.description);
    expect(WAITABLE_STATES.filter((s) => !waitFor.has(s))).toEqual([]);
    const reasons = words(action.outputs['not-ready-reasons']?.description);
    expect(REASON_CODES.filter((code) => !reasons.has(code))).toEqual([]);
    expect(HEALTH_REASON_CODES.filter((code) => !reasons.has(code))).toEqual([]);
  });
});
