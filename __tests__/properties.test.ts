// Properties of the pure core over generated API answers: any body that fits the schemas gives
// consistent string outputs, and no text from the API can add markup to the summary.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { queueSchema, submittedPullRequestSchema } from '../src/schemas.js';
import { deriveStatus, toOutputs, type PrAnswer } from '../src/status.js';
import { MERGEABILITY_VALUES, OUTPUT_NAMES, PR_STATES, QUEUE_MODES, QUEUE_STATES } from '../src/states.js';
import { renderSummary } from '../src/summary.js';

const PR = 7;
const anyText = fc.string({ unit: 'binary', maxLength: 120 });
const hostile = fc.oneof(
  anyText,
  fc.constantFrom(
    '<script>x</script>',
    '</td></tr></table>',
    '\n\n# h',
    '| a | b |',
    '&amp;',
    '"\'><img src=x>',
    '\r\n\r\n',
  ),
);
const openEnum = (known: readonly string[]) => fc.oneof(fc.constantFrom(...known), anyText);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const prNumber = fc.integer({ min: 1, max: 12 });

const entryArb = fc.record({
  id: optional(anyText),
  state: optional(openEnum(PR_STATES)),
  stateChangedAt: hostile,
  priorityValue: fc.integer({ min: 0, max: 255 }),
  priorityName: hostile,
  skipTheLine: fc.boolean(),
  noBatch: fc.boolean(),
  prNumber,
  prTitle: hostile,
  prSha: hostile,
  prBaseBranch: hostile,
  prAuthor: hostile,
});

const queueArb = fc.record({
  state: openEnum(QUEUE_STATES),
  branch: hostile,
  concurrency: fc.nat(),
  testingTimeoutMinutes: fc.nat(),
  mode: openEnum(QUEUE_MODES),
  canOptimisticallyMerge: fc.boolean(),
  pendingFailureDepth: fc.nat(),
  batch: fc.boolean(),
  batchingMaxWaitTimeMinutes: fc.nat(),
  batchingMinSize: fc.nat(),
  createPrsForTestingBranches: fc.boolean(),
  commentsEnabled: fc.boolean(),
  commandsEnabled: fc.boolean(),
  statusCheckEnabled: fc.boolean(),
  bisectionConcurrency: fc.nat(),
  requiredStatuses: fc.option(fc.array(hostile, { maxLength: 30 }), { nil: null }),
  directMergeMode: anyText,
  optimizationMode: anyText,
  mergeMethod: anyText,
  enqueuedPullRequests: fc.array(entryArb, { maxLength: 70 }),
});

const readinessArb = fc.record({
  hasImpactedTargets: optional(fc.boolean()),
  requiresImpactedTargets: fc.boolean(),
  doesBaseBranchMatch: fc.boolean(),
  gitHubMergeability: openEnum(MERGEABILITY_VALUES),
});

const prArb = fc.record({
  state: optional(openEnum(PR_STATES)),
  readiness: fc.option(readinessArb, { nil: undefined }),
  stateChangedAt: hostile,
  priorityValue: fc.integer({ min: 0, max: 255 }),
  priorityName: hostile,
  skipTheLine: fc.boolean(),
  forceEnqueued: fc.boolean(),
  isCurrentlySubmittedToQueue: fc.boolean(),
  prNumber: fc.constant(PR),
  prTitle: hostile,
  prSha: hostile,
  prBaseBranch: hostile,
  prAuthor: hostile,
});

const answerArb: fc.Arbitrary<PrAnswer> = fc.oneof(
  fc.constant({ submitted: false as const }),
  prArb.map((body) => ({ submitted: true as const, pr: submittedPullRequestSchema.parse(body) })),
);
const statusArb = fc
  .tuple(answerArb, queueArb, optional(anyText))
  .map(([answer, queue, headSha]) => deriveStatus(PR, answer, queueSchema.parse(queue), headSha));

describe('outputs, for any answers that fit the schemas', () => {
  it('are all strings, and consistent with each other', () => {
    fc.assert(
      fc.property(statusArb, fc.nat(), fc.boolean(), (status, waited, timedOut) => {
        const { outputs } = toOutputs(status, { waitedSeconds: waited, timedOut });
        for (const name of OUTPUT_NAMES) expect(typeof outputs[name]).toBe('string');
        const entries = status.queue.enqueuedPullRequests;
        const listedAt = entries.findIndex((e) => e.prNumber === PR);
        // position ≥ 1 exactly when the PR is listed, and the PRs ahead are the ones before it.
        expect(outputs.position === '').toBe(listedAt < 0);
        if (listedAt >= 0) {
          expect(Number(outputs.position)).toBe(listedAt + 1);
          expect(outputs['prs-ahead'] === '' ? [] : outputs['prs-ahead'].split(',')).toHaveLength(listedAt);
        }
        // ready exactly when there are no reasons.
        expect(outputs.ready === 'true').toBe(outputs['not-ready-reasons'] === '');
        expect(['true', 'false']).toContain(outputs.ready);
        expect(outputs['queue-length']).toBe(String(entries.length));
        expect(outputs['not-ready-reasons']).toMatch(/^([a-z0-9_]+(,[a-z0-9_]+)*)?$/);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the summary, for any texts from the API', () => {
  const ours = /<\/?(a|b|br|code|h2|h3|li|p|table|td|th|tr|ul)( (href|align)="[^"<>]*")?>/g;
  it('has no markup but its own, no blank line, balanced tables and no empty cell', () => {
    fc.assert(
      fc.property(statusArb, hostile, (status, outcome) => {
        const html = renderSummary({
          status,
          repo: 'o/r',
          serverUrl: 'https://github.com',
          wait: { waitFor: ['merged'], waitedSeconds: 3, outcome },
        });
        expect(html.replace(ours, '')).not.toMatch(/[<>]/);
        expect(html).not.toMatch(/\n\s*\n/);
        expect(html.match(/<table>/g)?.length).toBe(html.match(/<\/table>/g)?.length);
        expect(html.match(/<tr>/g)?.length).toBe(html.match(/<\/tr>/g)?.length);
        expect(html).not.toMatch(/<t[dh][^>]*>\s*<\/t[dh]>/);
        expect(Buffer.byteLength(html)).toBeLessThan(1024 * 1024);
      }),
      { numRuns: 300 },
    );
  });
});
