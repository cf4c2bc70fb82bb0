// action.yml is checked by GitHub's own parser and held to the code's lists of inputs, their
// defaults, and outputs.
import { describe, expect, it } from '@jest/globals';
import { NoOperationTraceWriter } from '@actions/workflow-parser';
import { parseAction } from '@actions/workflow-parser/actions/index';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { INPUT_DEFAULTS } from '../../src/runner/inputs.js';
import { OUTPUT_NAMES } from '../../src/render/outputs.js';

const content = readFileSync(new URL('../../action.yml', import.meta.url), 'utf8');

interface ActionYml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
}
const action = parse(content) as ActionYml;

describe('action.yml', () => {
  it("is valid for GitHub's action parser", () => {
    const result = parseAction({ name: 'action.yml', content }, new NoOperationTraceWriter());
    expect(result.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    expect(result.value).toBeDefined();
  });

  it('would catch a broken action.yml (the check above can fail)', () => {
    const broken = content.replace(/^runs:[\s\S]*$/m, 'runs:\n  using: node24\n  mian: dist/index.js\n');
    const result = parseAction({ name: 'action.yml', content: broken }, new NoOperationTraceWriter());
    expect(result.context.errors.getErrors().length).toBeGreaterThan(0);
  });

  it('runs the committed bundle on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('declares exactly the inputs the code reads, with the same defaults', () => {
    const declared = Object.fromEntries(
      Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? '']),
    );
    expect(declared).toEqual(INPUT_DEFAULTS);
    // At least one of the two credentials: readInputs says so, naming both, when neither is set.
    expect(action.inputs['api-token']?.required).toBe(false);
    expect(action.inputs['api-key']?.required).toBe(false);
  });

  it('declares exactly the outputs the code sets, each described', () => {
    expect(Object.keys(action.outputs)).toEqual([...OUTPUT_NAMES]);
    for (const output of Object.values(action.outputs)) expect(output.description.length).toBeGreaterThan(10);
  });
});
