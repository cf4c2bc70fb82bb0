// Every workflow in .github/workflows is checked by GitHub's own parser, with least privilege.
import { describe, expect, it } from '@jest/globals';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

const dir = new URL('../.github/workflows/', import.meta.url);
const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));

const errorsOf = (name: string, content: string) =>
  parseWorkflow({ name, content }, new NoOperationTraceWriter())
    .context.errors.getErrors()
    .map((e) => e.message);

describe('workflows', () => {
  it('include CI and the dist check', () => {
    expect(files.sort()).toEqual(['check-dist.yml', 'ci.yml']);
  });

  it.each(files)("%s is valid for GitHub's workflow parser", (name) => {
    expect(errorsOf(name, readFileSync(new URL(name, dir), 'utf8'))).toEqual([]);
  });

  it('the parser would catch a broken workflow', () => {
    expect(
      errorsOf('broken.yml', 'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    stepz: []\n').length,
    ).toBeGreaterThan(0);
  });

  it.each(files)('%s grants only read access to contents', (name) => {
    const workflow = parse(readFileSync(new URL(name, dir), 'utf8')) as { permissions?: unknown };
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });
});
