// The README's use 1, event by event, as GitHub would run it: whether its `on:` filters trigger it,
// whether its job's `if:` lets it run (evaluated by GitHub's own expression engine), the action run
// with the README's own inputs against the simulator, and whether the comment step runs, on which
// PR. The events are built in GitHub's payload shapes (simulator/events.mjs), around Trunk's test
// runs: a single PR and a batch, draft-PR mode and push mode.
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import {
  commentRun,
  draftPrRun,
  pullRequestRun,
  testBranchFor,
  testPushRun,
  testRunCompletedRun,
  type EventRun,
} from '../../simulator/events.mjs';
import { SIM_REPO } from '../../simulator/scenarios.mjs';
import { runs, valueOf } from '../helpers/expressions.js';
import { runInProcess } from '../helpers/in-process.js';
import { readmeWorkflows } from '../helpers/readme-examples.js';
import { useSimulator } from '../helpers/simulator.js';

describe('project/readme-use1-events', () => {
  interface Step {
    id?: string;
    if?: string;
    uses?: string;
    with?: Record<string, string>;
  }
  interface Filter {
    types?: string[];
    branches?: string[];
    workflows?: string[];
  }
  interface Workflow {
    on: Record<string, Filter | null>;
    jobs: { queue: { if?: string; steps: Step[] } };
  }

  const use1 = readmeWorkflows.find(({ heading }) => heading.startsWith('1. '));
  if (!use1) throw new Error("the README's use 1 has no workflow");
  const workflow = parse(use1.yaml) as Workflow;
  const { queue } = workflow.jobs;
  const [action, comment] = queue.steps;

  /** A branch filter's pattern as GitHub reads it: `*` within a path segment, `**` across them. */
  const matches = (pattern: string, branch: string) =>
    new RegExp(
      `^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*|\*/g, (star) => (star === '**' ? '.*' : '[^/]*'))}$`,
    ).test(branch);

  /** Whether the workflow's `on:` triggers it for this event: the event, its types and its filters. */
  function triggered({ eventName, event }: EventRun): boolean {
    if (!(eventName in workflow.on)) return false;
    const filter = workflow.on[eventName] ?? {};
    const action = String(event.action ?? '');
    if (filter.types && !filter.types.includes(action)) return false;
    const branch =
      eventName === 'pull_request'
        ? (event.pull_request as { base: { ref: string } }).base.ref
        : eventName === 'workflow_run'
          ? (event.workflow_run as { head_branch: string }).head_branch
          : undefined;
    if (filter.branches && !filter.branches.some((pattern) => branch !== undefined && matches(pattern, branch))) {
      return false;
    }
    const name = (event.workflow as { name?: string } | undefined)?.name;
    return !filter.workflows || (name !== undefined && filter.workflows.includes(name));
  }

  /** The `github` context a run of this event has (the parts the README reads). */
  const github = ({ eventName, event, env }: EventRun) => ({
    event_name: eventName,
    event,
    repository: `${SIM_REPO.owner}/${SIM_REPO.name}`,
    actor: env.GITHUB_ACTOR,
    ref: env.GITHUB_REF,
    sha: env.GITHUB_SHA,
  });

  const SINGLE = testBranchFor([1842]);
  const BATCH = testBranchFor([1842, 1843]);
  const FORK = 'mallory/octo-repo';

  /**
   * The PR marocchino/sticky-pull-request-comment posts to: the event's own PR when the event has
   * one, whatever `number` says, else `number` (its src/config.ts: `context.payload.pull_request.number
   * || number`). So on Trunk's draft test PR it would post to the draft.
   */
  const postsTo = ({ event }: EventRun, number: string) =>
    (event.pull_request as { number?: number } | undefined)?.number || Number(number);

  /** Whether the comment step runs on this run of the action, and where its comment goes. */
  function commentOf(event: EventRun, outputs: Record<string, string>, condition = comment?.if): number | undefined {
    const contexts = { github: github(event), steps: { mq: { outputs } } };
    if (!runs(condition, contexts)) return undefined;
    const target = postsTo(event, valueOf(comment?.with?.number ?? '', contexts));
    // Only ever on the PR the action answered about.
    expect(target).toBe(Number(outputs.pr));
    return target;
  }

  /** What use 1 does on an event: not triggered, skipped by its job's `if:`, or run, commenting on a PR or not. */
  type Outcome = 'not triggered' | 'skipped' | { comment?: number; prs: string };

  const cases: Array<[string, EventRun, Outcome]> = [
    ["the PR's own push", pullRequestRun(), { comment: 1842, prs: '' }],
    ['the PR opened', pullRequestRun({ action: 'opened' }), { comment: 1842, prs: '' }],
    ['a PR labelled (not a type use 1 listens to)', pullRequestRun({ action: 'labeled' }), 'not triggered'],
    ["a fork's PR (no secrets)", pullRequestRun({ headRepo: FORK }), 'skipped'],
    ["a fork's PR from a branch named like Trunk's", pullRequestRun({ headRepo: FORK, headRef: SINGLE }), 'skipped'],
    [
      "Dependabot's PR (no secrets)",
      pullRequestRun({ author: 'dependabot[bot]', headRef: 'dependabot/npm/x' }),
      'skipped',
    ],
    ["draft-PR mode, one PR: Trunk's draft PR opened", draftPrRun(SINGLE), { prs: '1842' }],
    ["draft-PR mode, a batch: Trunk's draft PR opened", draftPrRun(BATCH), { prs: '1842,1843' }],
    ['push mode: Trunk pushes its test branch (use 1 does not listen to pushes)', testPushRun(BATCH), 'not triggered'],
    ['/trunk merge commented on the PR', commentRun(), { comment: 1842, prs: '' }],
    ['/trunk cancel commented on the PR', commentRun({ body: '/trunk cancel' }), { comment: 1842, prs: '' }],
    ['another comment on the PR', commentRun({ body: 'LGTM, /trunk merge after CI' }), 'skipped'],
    ['/trunk merge commented on an issue', commentRun({ onPullRequest: false }), 'skipped'],
    ["a bot's /trunk comment", commentRun({ author: 'trunk-io[bot]' }), 'skipped'],
    [
      'a comment edited (not a type use 1 listens to)',
      { ...commentRun(), event: { ...commentRun().event, action: 'edited' } },
      'not triggered',
    ],
    ['the test run of one PR completing, draft-PR mode', testRunCompletedRun(SINGLE), { comment: 1842, prs: '1842' }],
    [
      'the test run of one PR completing, push mode',
      testRunCompletedRun(SINGLE, { mode: 'push' }),
      { comment: 1842, prs: '1842' },
    ],
    [
      'the test run of one PR failing',
      testRunCompletedRun(SINGLE, { conclusion: 'failure' }),
      { comment: 1842, prs: '1842' },
    ],
    ['a batch test run completing, draft-PR mode', testRunCompletedRun(BATCH), { prs: '1842,1843' }],
    ['a batch test run completing, push mode', testRunCompletedRun(BATCH, { mode: 'push' }), { prs: '1842,1843' }],
    ['a run on a test branch that names no PR', testRunCompletedRun('trunk-merge/docs-preview'), { prs: '' }],
    ["a fork's run on a branch named like Trunk's", testRunCompletedRun(SINGLE, { headRepo: FORK }), 'skipped'],
    ['CI completing on another branch', testRunCompletedRun('feature/x'), 'not triggered'],
  ];

  const sim = useSimulator();

  describe("the README's use 1, event by event", () => {
    it('is the workflow these cases read: the action, then the comment on steps.mq.outputs.pr', () => {
      expect(action).toMatchObject({
        id: 'mq',
        uses: expect.stringMatching(/^merge-queue-status\/merge-queue-status@/),
      });
      expect(action?.with?.['fail-if-not-ready']).toBeUndefined();
      expect(comment).toMatchObject({
        uses: expect.stringMatching(/^marocchino\/sticky-pull-request-comment@/),
        with: { number: '${{ steps.mq.outputs.pr }}', message: '${{ steps.mq.outputs.markdown }}' },
      });
      expect(Object.keys(workflow.on)).toEqual(['pull_request', 'issue_comment', 'workflow_run']);
    });

    it.each(cases)('%s', async (_, event, outcome) => {
      expect(triggered(event) ? 'triggered' : 'not triggered').toBe(
        outcome === 'not triggered' ? outcome : 'triggered',
      );
      if (outcome === 'not triggered') return;
      const contexts = { github: github(event), secrets: { TRUNK_API_KEY: sim.apiKey } };
      expect(runs(queue.if, contexts)).toBe(outcome !== 'skipped');
      if (outcome === 'skipped') return;

      // The action with the README's own inputs (and the simulator for Trunk), on this event.
      sim.useScenario('batch');
      const inputs = Object.fromEntries(
        Object.entries(action?.with ?? {}).map(([name, value]) => [name, valueOf(value, contexts)]),
      );
      const result = await runInProcess({
        eventName: event.eventName,
        event: event.event,
        env: { ...event.env, GITHUB_RUN_ID: '4242' },
        inputs: { ...inputs, 'api-url': sim.url },
      });
      expect(result.code).toBe(0);
      expect(result.outputs['batch-prs']).toBe(outcome.prs);

      // The comment: whether it runs, and on which PR.
      const withSteps = { ...contexts, steps: { mq: { outputs: result.outputs } } };
      const commentedOn = runs(comment?.if, withSteps)
        ? Number(valueOf(comment?.with?.number ?? '', withSteps))
        : undefined;
      expect(commentedOn).toBe(outcome.comment);
    });

    it("would catch a comment step that trusted number: on Trunk's draft PR it posts to the draft", () => {
      const unguarded = comment?.if?.replace(/&& \(!github\.event\.pull_request \|\|[^)]*\)/, '');
      expect(unguarded).not.toBe(comment?.if);
      expect(() =>
        commentOf(draftPrRun(SINGLE), { pr: '1842', 'batch-prs': '1842', markdown: 'x' }, unguarded),
      ).toThrow(/Expected: 1842\s+Received: 9001/);
    });

    it('the comment is still written when the step fails (a PR not ready, with fail-if-not-ready added)', () => {
      const steps = { mq: { outputs: { pr: '1842', 'batch-prs': '', markdown: 'x' } } };
      const contexts = { github: github(pullRequestRun()), steps };
      expect(runs(comment?.if, contexts, { success: false, failure: true, cancelled: false })).toBe(true);
      expect(runs(comment?.if, contexts, { success: false, failure: false, cancelled: true })).toBe(false);
    });
  });
});
