// The README's use 3 alert posts when its step's verdict changed, or when the step failed for any
// reason, and stays quiet otherwise: its `if:` evaluated as the runner evaluates it (GitHub's own
// expression engine, with the implicit success() a condition without a status function gets),
// against the outputs each kind of run leaves.
import { describe, expect, it } from '@jest/globals';
import { Evaluator, Lexer, Parser, data } from '@actions/expressions';
import { parse } from 'yaml';
import { readmeWorkflows } from '../helpers/readme-examples.js';

interface Job {
  permissions?: Record<string, string>;
  steps: Array<{ id?: string; if?: string; uses?: string; with?: Record<string, unknown> }>;
}

const use3 = readmeWorkflows.find(({ heading }) => heading.startsWith('3. '));
const jobs = (parse(use3?.yaml ?? '') as { jobs: Record<string, Job> }).jobs;
const alert = jobs.alert as Job;
const post = alert.steps.find((step) => step.uses?.startsWith('slackapi/')) ?? { if: undefined };

const STATUS = ['success', 'failure', 'always', 'cancelled'];

/** Whether the step runs: its `if:` for the outputs of step `mq`, after a step that failed or not. */
function runs(condition: string, outputs: Record<string, string>, stepFailed: boolean): boolean {
  // A condition with no status function is success() && (it), as the runner reads it.
  const full = STATUS.some((name) => condition.includes(`${name}(`)) ? condition : `success() && (${condition})`;
  const functions = new Map(
    [
      ['success', !stepFailed],
      ['failure', stepFailed],
      ['always', true],
      ['cancelled', false],
    ].map(([name, value]) => [
      name as string,
      { name: name as string, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(value as boolean) },
    ]),
  );
  const tokens = new Lexer(full).lex().tokens;
  const expr = new Parser(tokens, ['steps'], [...functions.values()]).parse();
  const mq = new data.Dictionary(
    ...Object.entries(outputs).map(([key, value]) => ({ key, value: new data.StringData(value) })),
  );
  const steps = new data.Dictionary({
    key: 'mq',
    value: new data.Dictionary({ key: 'outputs', value: mq }),
  });
  // Every condition here is a boolean expression: its value said as `true` or `false`.
  return (
    new Evaluator(expr, new data.Dictionary({ key: 'steps', value: steps }), functions).evaluate().coerceString() ===
    'true'
  );
}

describe("use 3's hourly alert", () => {
  const condition = post.if ?? '';

  it.each<[string, Record<string, string>, boolean, boolean]>([
    ['a new problem', { ready: 'false', changed: 'true', 'previous-ready': 'true' }, false, true],
    ['the same problem an hour later', { ready: 'false', changed: 'false', 'previous-ready': 'false' }, false, false],
    ['a different problem', { ready: 'false', changed: 'true', 'previous-ready': 'false' }, false, true],
    ['the recovery', { ready: 'true', changed: 'true', 'previous-ready': 'false' }, false, true],
    ['healthy, as the hour before', { ready: 'true', changed: 'false', 'previous-ready': 'true' }, false, false],
    // The step could not look (a revoked key, Trunk unreachable, a mistyped input): no verdict at all.
    ['the step failed before any verdict', { ready: '', changed: '', 'previous-ready': '' }, true, true],
    [
      'the step failed, whatever ready and changed say',
      { ready: 'true', changed: 'false', 'previous-ready': 'true' },
      true,
      true,
    ],
  ])('%s (%j, the step failed: %s): posts %s', (_, outputs, stepFailed, expected) => {
    expect(runs(condition, outputs, stepFailed)).toBe(expected);
  });

  it('the check can fail: the old condition missed a step that could not look', () => {
    expect(runs("failure() && steps.mq.outputs.ready == 'false'", { ready: '', changed: '' }, true)).toBe(false);
    expect(runs("steps.mq.outputs.changed == 'true'", { changed: 'true' }, true)).toBe(false);
  });

  it('asks for what reading the previous run needs, and no more; never fails the step on the verdict', () => {
    expect(alert.permissions).toEqual({ actions: 'read', checks: 'read' });
    const mq = alert.steps.find((step) => step.id === 'mq');
    expect(mq?.with).toMatchObject({ scope: 'queue' });
    // fail-if-not-ready would fail the step every hour the queue stays unhealthy, and post each time.
    expect(mq?.with?.['fail-if-not-ready']).toBeUndefined();
  });
});

describe("use 3's weekly report", () => {
  it('reads no previous run (it posts every week): github-token empty, so no permission is needed nor warned about', () => {
    const weekly = jobs.weekly as Job;
    expect(weekly.permissions).toEqual({});
    const mq = weekly.steps.find((step) => step.id === 'mq');
    expect(mq?.with).toMatchObject({ scope: 'queue', 'github-token': '' });
    expect(weekly.steps.find((step) => step.uses?.startsWith('slackapi/'))?.if).toBeUndefined();
  });
});
