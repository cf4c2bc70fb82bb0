// A step runs its `run:` as GitHub's YAML parser reads it, not as the README shows it. In a plain
// scalar ` #` starts a comment, so `run: echo "Testing PR #$PR …"` runs `echo "Testing PR` and bash
// exits 2; the workflow parser and actionlint (without shellcheck) both accept it. So each README
// workflow's scripts are read back through GitHub's own parser, compared with the text shown
// between `run:` and the next key, and given to `bash -n`, the shell GitHub's runners use.
import { describe, expect, it } from '@jest/globals';
import { NoOperationTraceWriter, convertWorkflowTemplate, isString, parseWorkflow } from '@actions/workflow-parser';
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/template-token';
import { spawnSync } from 'node:child_process';
import { readmeWorkflows, readmeYamlBlocks } from '../helpers/readme-examples.js';

interface RunScript {
  where: string;
  /** The script as GitHub's parser reads it; undefined when it holds an expression (below). */
  parsed?: string;
  /** The script as the YAML source shows it: a literal block dedented, else the text after `run:`. */
  shown: string;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The text between the `run:` key on `line` (1-based) and the next key, as a reader takes it. */
function shownScript(lines: string[], line: number): string {
  const key = /^(\s*(?:-\s+)?)run:(.*)$/.exec(lines[line - 1] ?? '');
  if (!key) throw new Error(`line ${line} has no run: key`);
  const keyColumn = key[1]?.length ?? 0;
  let end = line;
  while (end < lines.length && ((lines[end] ?? '').trim() === '' || indentOf(lines[end] ?? '') > keyColumn)) end++;
  const body = lines.slice(line, end);
  while (body.length > 0 && (body.at(-1) ?? '').trim() === '') body.pop();
  const header = (key[2] ?? '').trim();
  const literal = /^\|(-?)(\s+#.*)?$/.exec(header);
  if (!literal) return [header, ...body.map((text) => text.trim())].filter(Boolean).join(' ');
  const indent = indentOf(body.find((text) => text.trim() !== '') ?? '');
  return body.map((text) => text.slice(indent)).join('\n') + (literal[1] === '-' ? '' : '\n');
}

// An expression in a script is code injected into it, and this parser gives a block with one as
// its raw source, indentation and all, not the text the runner gets. The README passes values
// through env:, as GitHub's hardening guide advises, so each script is plain text to check.
const EXPRESSION = 'an expression (${{ }}) in the script: pass the value through env: instead';
const scriptOf = (token: TemplateToken) => (isString(token) ? token.value : undefined);

async function runScripts(name: string, yaml: string): Promise<RunScript[]> {
  const parsed = parseWorkflow({ name, content: yaml }, new NoOperationTraceWriter());
  if (!parsed.value) throw new Error(`${name} does not parse`);
  const workflow = await convertWorkflowTemplate(parsed.context, parsed.value);
  const lines = yaml.split('\n');
  return workflow.jobs.flatMap((job) =>
    job.type !== 'job'
      ? []
      : job.steps.flatMap((step, index) => {
          if (!('run' in step)) return [];
          const where = `${name} › ${job.id.value} › step ${index + 1}`;
          const line = step.run.range?.start.line;
          if (line === undefined) throw new Error(`${where}: run: has no place in the source`);
          return [{ where, parsed: scriptOf(step.run), shown: shownScript(lines, line) }];
        }),
  );
}

function bashSyntax(script: string) {
  const { status, stderr } = spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' });
  return { status, stderr };
}

// A Windows machine may have no bash, or only WSL's launcher without a distribution.
const bashWorks = spawnSync('bash', ['-c', 'echo ok'], { encoding: 'utf8' }).stdout?.trim() === 'ok';
const withBash = bashWorks ? it : it.skip;
const bashNote = bashWorks ? '' : ' (skipped: no working bash on this machine)';

const scripts = (await Promise.all(readmeWorkflows.map(({ heading, yaml }) => runScripts(heading, yaml)))).flat();
const cases = scripts.map((script): [string, RunScript] => [script.where, script]);
const texts = scripts.flatMap(({ where, parsed }): Array<[string, string]> =>
  parsed === undefined ? [] : [[where, parsed]],
);

describe('README workflows: every run: step', () => {
  it('is found', () => {
    // One per example that runs a script; a new example's scripts are checked without a change here.
    expect(scripts.map(({ where }) => where)).toEqual(['2. A gate on a deploy job › deploy › step 1']);
  });

  it.each(cases)('%s: GitHub runs the whole script the README shows, as plain text', (_, { parsed, shown }) => {
    expect(parsed ?? EXPRESSION).toBe(shown);
  });

  withBash.each(texts)(`%s: the script passes bash -n${bashNote}`, (_, script) => {
    expect(bashSyntax(script)).toEqual({ status: 0, stderr: '' });
  });

  it('is a literal block scalar (run: |), which no character in the script can cut short', () => {
    const plain = readmeYamlBlocks.flatMap(({ heading, yaml }) =>
      yaml
        .split('\n')
        .filter((line) => /^\s*(?:-\s+)?run:/.test(line) && !/run: \|$/.test(line))
        .map((line) => `${heading}: ${line.trim()}`),
    );
    expect(plain).toEqual([]);
  });
});

describe('the checks would catch', () => {
  const workflow = (run: string) =>
    ['on: push', 'jobs:', '  x:', '    runs-on: ubuntu-latest', '    steps:', `      - run: ${run}`, ''].join('\n');

  it('a plain run: that YAML cuts at " #"', async () => {
    const [script] = await runScripts('cut.yml', workflow('echo "Testing PR #$PR for the queue"'));
    expect(script).toMatchObject({ parsed: 'echo "Testing PR', shown: 'echo "Testing PR #$PR for the queue"' });
  });

  it('nothing wrong in a literal block: it is read whole, up to the next key', async () => {
    const [script] = await runScripts('block.yml', workflow('|\n          echo "#1"\n          echo two'));
    expect(script).toMatchObject({ parsed: 'echo "#1"\necho two\n', shown: 'echo "#1"\necho two\n' });
    expect(shownScript(['      - run: |', '          a', '        env: {}'], 1)).toBe('a\n');
  });

  it('an expression in a script', async () => {
    const [script] = await runScripts('expr.yml', workflow('|\n          echo "${{ github.sha }}"'));
    expect(script).toEqual({ where: 'expr.yml › x › step 1', parsed: undefined, shown: 'echo "${{ github.sha }}"\n' });
  });

  withBash(`a script that bash cannot parse${bashNote}`, () => {
    expect(bashSyntax('echo "Testing PR').status).toBe(2);
  });
});
