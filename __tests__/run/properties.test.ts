// Properties over generated input. Of the pure core: any answers that fit the schemas give
// consistent string outputs, and no text from the API can add markup to the summary. Of the whole
// action: a token full of HTML and JSON specials, echoed back by the API in every spelling at
// every place API text reaches, leaves no fragment of itself in the log, the outputs or the summary.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { entry, prBody, queueBody } from '../../simulator/scenarios.mjs';
import { startSimulator, type Step } from '../../simulator/server.mjs';
import { OUTPUT_NAMES, redactOutputs, toOutputs } from '../../src/render/outputs.js';
import { withRedaction } from '../../src/render/html.js';
import { createRedactor } from '../../src/shared/redact.js';
import type { PrAnswer } from '../../src/core/model.js';
import { deriveStatus } from '../../src/core/status.js';
import { renderSummary } from '../../src/render/summary.js';
import { PR_STATES } from '../../src/core/verdict.js';

import { prFrom, queueFrom } from '../helpers/fixtures.js';
import { runInProcess } from '../helpers/in-process.js';
import { fragmentsLeft } from '../helpers/token-fragments.js';
import { propertyRuns } from '../helpers/property-runs.js';

const MERGEABILITY_VALUES = ['unspecified', 'in_progress', 'mergeable', 'not_mergeable'];

const PR = 7;
const NOW = Date.parse('2026-11-20T12:00:00Z');
// Any code points, lone surrogates included, as fc.string's 'binary' unit draws them; built from
// integers because that unit's arbitrary first maps every code point back to its index (a million
// map entries, over a second of each run of this file).
const anyText = fc
  .array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 120 })
  .map((codes) => String.fromCodePoint(...codes));
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
const timestamp = fc.oneof(
  hostile,
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const openEnum = (known: readonly string[]) => fc.oneof(fc.constantFrom(...known), anyText);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const prNumber = fc.integer({ min: 1, max: 12 });

const entryArb = fc.record({
  state: optional(openEnum([...PR_STATES])),
  stateChangedAt: timestamp,
  priorityName: hostile,
  prNumber,
  prTitle: hostile,
  prAuthor: hostile,
});

const queueArb = fc.record({
  state: openEnum(['running', 'paused', 'draining', 'switching_modes']),
  branch: hostile,
  mode: openEnum(['single', 'parallel']),
  concurrency: fc.nat(),
  testingTimeoutMinutes: fc.nat(),
  batch: fc.boolean(),
  batchingMinSize: fc.nat(),
  batchingMaxWaitTimeMinutes: fc.nat(),
  mergeMethod: anyText,
  requiredStatuses: fc.option(fc.array(hostile, { maxLength: 30 }), { nil: null }),
  enqueuedPullRequests: fc.array(entryArb, { maxLength: 70 }),
});

const prArb = fc.record({
  state: optional(openEnum([...PR_STATES])),
  readiness: optional(
    fc.record({
      hasImpactedTargets: optional(fc.boolean()),
      requiresImpactedTargets: fc.boolean(),
      doesBaseBranchMatch: fc.boolean(),
      gitHubMergeability: openEnum(MERGEABILITY_VALUES),
    }),
  ),
  stateChangedAt: timestamp,
  priorityValue: fc.integer({ min: 0, max: 255 }),
  priorityName: hostile,
  isCurrentlySubmittedToQueue: fc.boolean(),
  prTitle: hostile,
  prSha: hostile,
  prAuthor: hostile,
});

const answerArb: fc.Arbitrary<PrAnswer> = fc.oneof(
  fc.constant({ found: false as const }),
  prArb.map((body) => {
    const json = JSON.stringify(body);
    return { found: true as const, pr: prFrom(json), json };
  }),
);
const statusArb = fc
  .tuple(answerArb, queueArb, optional(anyText))
  .map(([answer, queue, eventHeadSha]) =>
    deriveStatus({ prNumber: PR, answer, queue: queueFrom(queue), eventHeadSha, nowMs: NOW }),
  );

describe('outputs, for any answers that fit the schemas', () => {
  it('are all single-line strings, and consistent with each other', () => {
    fc.assert(
      fc.property(statusArb, fc.boolean(), (status, mergeQueueRun) => {
        const { outputs } = toOutputs(status, { pr: PR, mergeQueueRun }, undefined);
        // Each output checked in one expect: jest's expect costs tens of µs a call, 300 runs over.
        expect(OUTPUT_NAMES.filter((name) => typeof outputs[name] !== 'string')).toEqual([]);
        expect(OUTPUT_NAMES.filter((name) => !name.endsWith('-json') && /[\r\n]/.test(outputs[name]))).toEqual([]);
        const entries = status.queue.entries;
        const listedAt = entries.findIndex((e) => e.number === PR);
        // position ≥ 1 exactly when the PR is listed, and the PRs ahead are the ones before it.
        expect(outputs.position === '').toBe(listedAt < 0);
        if (listedAt >= 0) {
          expect(Number(outputs.position)).toBe(listedAt + 1);
          expect(Number(outputs['ahead-testing']) + Number(outputs['ahead-pending'])).toBe(listedAt);
        }
        // ready exactly when there are no reasons; a merged PR is always ready.
        expect(outputs.ready === 'true').toBe(outputs['not-ready-reasons'] === '');
        if (outputs.state === 'merged') expect(outputs.ready).toBe('true');
        expect(outputs['queue-length']).toBe(String(entries.length));
        expect(outputs['not-ready-reasons']).toMatch(/^([a-z0-9_]+(,[a-z0-9_]+)*)?$/);
        expect(outputs['testing-deadline']).toMatch(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)?$/);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('the summary, for any texts from the API', () => {
  const ours = /<\/?(a|b|code|details|h2|h3|li|p|summary|table|td|th|tr|ul)( (href|align|colspan)="[^"<>]*")?>/g;
  it('has no markup but its own, no blank line, balanced tables and no empty cell', () => {
    fc.assert(
      fc.property(statusArb, hostile, (status, ended) => {
        const html = renderSummary({
          status,
          facts: { pr: PR, mergeQueueRun: false },
          repo: 'o/r',
          serverUrl: 'https://github.com',
          wait: { waitFor: ['merged'], waitedSeconds: 3, timedOut: false, ended, polls: 2 },
          nowMs: NOW,
        });
        expect(html.replace(ours, '')).not.toMatch(/[<>]/);
        expect(html).not.toMatch(/\n\s*\n/);
        expect(html.match(/<table>/g)?.length).toBe(html.match(/<\/table>/g)?.length);
        expect(html.match(/<tr>/g)?.length).toBe(html.match(/<\/tr>/g)?.length);
        expect(html).not.toMatch(/<t[dh][^>]*>\s*<\/t[dh]>/);
        if (status.state === 'merged') expect(html).not.toMatch(/not ready/i);
        expect(Buffer.byteLength(html)).toBeLessThan(1024 * 1024);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('a credential that reads like a value the action writes', () => {
  // The inputs refuse such a credential (too plain to mask). Were one to reach the redactor anyway,
  // it would star no value the action computed: those never pass through it.
  const plain = fc.oneof(fc.constantFrom('true', 'false', String(PR), '0', '100'), fc.nat({ max: 5000 }).map(String));
  const computed = [
    'pr',
    'ready',
    'stale',
    'timed-out',
    'merge-queue-run',
    'does-base-branch-match',
    'priority-value',
    'position',
    'queue-length',
    'waited-seconds',
  ] as const;

  it('changes no output the action computed, and no PR number or place in the summary', () => {
    fc.assert(
      fc.property(statusArb, plain, fc.boolean(), (status, credential, timedOut) => {
        const redact = createRedactor([credential]).text;
        const wait = { waitFor: ['merged'], waitedSeconds: 3, timedOut, ended: 'ended', polls: 2 };
        const facts = { pr: PR, mergeQueueRun: false };
        const { outputs } = toOutputs(status, facts, wait);
        const written = redactOutputs(outputs, redact);
        expect(computed.filter((name) => written[name] !== outputs[name])).toEqual([]);
        const html = withRedaction(redact, renderSummary, {
          status,
          facts,
          repo: 'o/r',
          serverUrl: 'https://github.com',
          wait,
          nowMs: NOW,
        });
        expect(html).toMatch(new RegExp(`^<h2>[^<]* PR #${PR} `));
        expect(html).toContain(`<a href="https://github.com/o/r/pull/${PR}">#${PR}`);
        if (status.position !== undefined) {
          expect(html).toContain(`${status.position} of ${status.queue.length}`);
          expect(html).toContain(`<b>#${PR}`);
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('the token, echoed by the API in any spelling', () => {
  const alnum = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  // Tokens as secrets hold them: letters and digits with HTML and JSON specials among them,
  // groups joined by separators, and UUIDs, whose separators break the runs of letters and digits.
  const tokenArb = fc.oneof(
    fc
      .tuple(
        fc.string({ unit: fc.constantFrom(...alnum), minLength: 24, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...'&<>"\'\\/%;#=+-_.:')), { minLength: 3, maxLength: 8 }),
      )
      .map(([letters, specials]) => {
        const chars = [...letters];
        for (const [at, c] of specials) chars.splice(at % chars.length, 0, c);
        return chars.join('');
      }),
    fc
      .tuple(
        fc.array(fc.string({ unit: fc.constantFrom(...alnum), minLength: 2, maxLength: 8 }), {
          minLength: 4,
          maxLength: 7,
        }),
        fc.constantFrom('-', '_', '.', ':', '/'),
      )
      .map(([groups, separator]) => groups.join(separator))
      .filter((token) => token.length >= 16),
    fc.uuid(),
  );
  // Each character of a text in a spelling some format gives it, chosen at random per character:
  // the test builds these itself rather than borrow the redactor's list.
  const charSpellings = (c: string) => {
    const code = c.charCodeAt(0);
    const named: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
    return [
      c,
      c.toUpperCase(),
      `\\u${code.toString(16).padStart(4, '0')}`,
      `\\u${code.toString(16).padStart(4, '0').toUpperCase()}`,
      `&#${code};`,
      `&#x${code.toString(16)};`,
      `%${code.toString(16).toUpperCase().padStart(2, '0')}`,
      named[c] ?? c,
      JSON.stringify(c).slice(1, -1),
    ];
  };
  const jsonInner = (text: string) => JSON.stringify(text).slice(1, -1);
  const htmlEscaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  /** The whole text in one spelling: as is, in capitals, JSON-escaped twice, HTML-escaped JSON. */
  const wholeSpellings = (text: string) => [
    text,
    text.toUpperCase(),
    jsonInner(jsonInner(text)),
    htmlEscaped(jsonInner(text)),
  ];
  const spelledArb = (text: string) =>
    fc.oneof(
      fc.constantFrom(...wholeSpellings(text)),
      fc.tuple(...[...text].map((c) => fc.constantFrom(...charSpellings(c)))).map((parts) => parts.join('')),
    );
  /** The token, or a piece of it from 12 characters up: a fragment is as secret as the whole. */
  const pieceArb = (token: string) =>
    fc.oneof(
      fc.constant(token),
      fc
        .tuple(fc.nat(), fc.integer({ min: 12, max: 18 }))
        .map(([at, length]) => token.slice(at % (token.length - 11)).slice(0, length)),
    );
  const unicode = (text: string) =>
    [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

  /** Steps that echo the token, for one endpoint. */
  const echoes = (token: string, endpoint: 'pr' | 'queue'): fc.Arbitrary<Step> => {
    const spelled = pieceArb(token).chain(spelledArb);
    const json = (body: object) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const answer = (t: string) =>
      endpoint === 'pr'
        ? prBody({ prTitle: `x ${t} y`, prAuthor: t, priorityName: t, prSha: t, stateChangedAt: t, state: t, [t]: t })
        : {
            ...queueBody({ branch: t, state: t, mode: t, mergeMethod: t }),
            enqueuedPullRequests: [entry(PR, t, { prTitle: t, prAuthor: t })],
          };
    return fc.oneof(
      fc.record({
        status: fc.constantFrom(400, 401, 403, 404, 500, 503),
        body: spelled.map((t) => `${'e'.repeat(190)} ${t} ${t}`),
      }),
      spelled.map((t) => ({ status: 200, ...json(answer(t)) })),
      fc
        .constant({ status: 200, ...json(answer('UNICODE')) })
        .map((step) => ({ ...step, body: step.body.replaceAll('UNICODE', unicode(token)) })),
      spelled.map((t) => ({ status: 200, body: `<p>not json ${t}</p>` })),
      spelled.map((t) => ({ status: 502, body: JSON.stringify({ error: JSON.stringify({ message: t }) }) })),
      spelled.map((t) => ({ status: 302, headers: { location: `https://elsewhere.example/${t}` } })),
    );
  };

  it('leaves no fragment of 12 or more characters in the log, the outputs, the summary or the error', async () => {
    await fc.assert(
      fc.asyncProperty(
        tokenArb.chain((token) =>
          fc.tuple(
            fc.constant(token),
            fc.array(echoes(token, 'pr'), { maxLength: 2 }),
            fc.array(echoes(token, 'queue'), { maxLength: 2 }),
            // Retry lines and a wait's warnings carry API text too.
            fc.record({ retries: fc.constantFrom('0', '1'), 'wait-for': fc.constantFrom('', 'merged') }),
          ),
        ),
        async ([token, prSteps, queueSteps, inputs]) => {
          // A simulator that takes this token, so the echoes are answered rather than a 401.
          const sim = await startSimulator({ token });
          sim.script('getSubmittedPullRequest', prSteps);
          sim.script('getQueue', queueSteps);
          const result = await runInProcess({
            inputs: { 'api-token': token, 'api-url': sim.url, 'wait-timeout-seconds': '60', ...inputs },
          }).finally(() => sim.close());
          expect(result.outputs['pr']).toBe(String(1842));
          for (const text of [...result.lines, result.summary, result.error ?? '', ...Object.values(result.outputs)]) {
            const left = fragmentsLeft(text, token);
            if (left.length > 0)
              throw new Error(`a fragment of the token survived: ${left[0]} in ${text.slice(0, 300)}`);
          }
        },
      ),
      { numRuns: propertyRuns(60) },
    );
  });
});
