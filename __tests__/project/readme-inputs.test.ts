// Every README example uses only what action.yml declares: actionlint cannot check an action it
// cannot fetch, so a misspelt input is silently empty, and a misspelt output an empty string that
// a gate compares with 'true'. Checked here for the action's own steps, in every ```yaml block.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { readmeYamlBlocks } from '../helpers/readme-examples.js';

const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
};

interface Step {
  id?: string;
  uses?: string;
  with?: Record<string, unknown>;
}

/** The action's own steps in a block: a whole workflow's, or a snippet of steps. */
function ourSteps(yaml: string): Step[] {
  const parsed = parse(yaml) as unknown;
  const jobs = (parsed as { jobs?: Record<string, { steps?: Step[] }> } | null)?.jobs;
  const steps = jobs ? Object.values(jobs).flatMap((job) => job.steps ?? []) : [parsed as Step].flat();
  return steps.filter((step) => step?.uses?.startsWith('merge-queue-status/merge-queue-status@'));
}

/** The inputs and outputs a block uses of the action that action.yml does not declare. */
function undeclared(yaml: string): { inputs: string[]; outputs: string[] } {
  const steps = ourSteps(yaml);
  const ids = new Set(steps.flatMap((step) => (step.id ? [step.id] : [])));
  const inputs = steps.flatMap((step) => Object.keys(step.with ?? {}));
  const outputs = [...yaml.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)]
    .filter(([, id]) => ids.has(id ?? ''))
    .map(([, , name]) => name ?? '');
  return {
    inputs: inputs.filter((name) => !(name in action.inputs)),
    outputs: outputs.filter((name) => !(name in action.outputs)),
  };
}

const cases = readmeYamlBlocks.map(({ heading, yaml }): [string, string] => [heading, yaml]);

describe('README examples', () => {
  it.each(cases)('"%s" uses only inputs and outputs action.yml declares', (_, yaml) => {
    expect(undeclared(yaml)).toEqual({ inputs: [], outputs: [] });
  });

  it('the check can fail: a misspelt input and output are caught', () => {
    const yaml = [
      'jobs:',
      '  x:',
      '    steps:',
      '      - id: q',
      '        uses: merge-queue-status/merge-queue-status@main',
      '        with: { scpoe: queue }',
      '      - run: echo "${{ steps.q.outputs.queue-wating }}"',
    ].join('\n');
    expect(undeclared(yaml)).toEqual({ inputs: ['scpoe'], outputs: ['queue-wating'] });
  });
});
