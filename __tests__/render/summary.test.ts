// The job summary as a person reads it, and as GitHub would render it: escaped, bounded, whole.
import { describe, expect, it } from '@jest/globals';
import { SIM_SHA } from '../../simulator/scenarios.mjs';
import { deriveStatus, type StatusInput } from '../../src/core/status.js';
import { renderSummary, type SummaryInput } from '../../src/render/summary.js';
import { entryWindow, MAX_ENTRY_ROWS } from '../../src/render/queue-tables.js';
import { escapeHtml, withRedaction } from '../../src/render/html.js';
import type { PrAnswer } from '../../src/core/model.js';
import { entry, found, notFound, queue, queueBody, queueFrom, readiness } from '../helpers/fixtures.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const base = {
  repo: 'octo-org/octo-repo',
  serverUrl: 'https://github.com',
  facts: { pr: 1842, mergeQueueRun: false },
  nowMs: NOW,
};
const twelveMinutesAgo = '2026-11-20T11:48:00Z';
const q = queue([
  [1840, 'testing'],
  [1842, 'testing'],
]);
const status = (overrides: Partial<StatusInput> = {}) =>
  deriveStatus({
    prNumber: 1842,
    answer: found({ stateChangedAt: twelveMinutesAgo }),
    queue: q,
    nowMs: NOW,
    ...overrides,
  });
const render = (overrides: Partial<SummaryInput> = {}) => renderSummary({ ...base, status: status(), ...overrides });
const headline = (html: string) => /^<h2>(.*?)<\/h2>/.exec(html)?.[1];

/** Every table cell of the summary, as text between its tags. */
const cells = (html: string) => [...html.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((m) => m[1]);

describe('escapeHtml', () => {
  it('escapes markup and quotes, and folds line breaks that would end an HTML block', () => {
    expect(escapeHtml(`<a href="x">'&'</a>\n\n# h`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62; # h',
    );
  });

  it('cuts long text to a bounded length', () => {
    expect(Array.from(escapeHtml('é'.repeat(1000))).length).toBe(200);
  });

  it('redacts text before cutting it, while a summary renders with a redactor', () => {
    const cut = (text: string) => text.replaceAll('sim-token-0123456789', '***');
    expect(withRedaction(cut, escapeHtml, `${'x'.repeat(190)}sim-token-0123456789`)).toBe(`${'x'.repeat(190)}***`);
    expect(escapeHtml('sim-token-0123456789')).toBe('sim-token-0123456789');
  });

  it('redacts no number the action writes: the PR, its place, the counts', () => {
    const cut = (text: string) => text.replace(/1842|2/g, '***');
    const html = withRedaction(cut, renderSummary, {
      ...base,
      status: status({ answer: found({ stateChangedAt: twelveMinutesAgo, prTitle: 'Fix 1842' }) }),
    });
    expect(headline(html)).toBe('✅ Ready: PR #1842 is being tested for 12 min, 2nd in line');
    expect(html).toContain('<a href="https://github.com/octo-org/octo-repo/pull/1842">#1842 Fix ***</a>');
    expect(html).toContain('<b>#1842 Change number ***</b>');
    expect(cells(html)).toContain('2 of 2');
  });
});

describe('the verdict sentence comes first, in words', () => {
  it('ready: the state, for how long, and the place in line', () => {
    expect(headline(render())).toBe('✅ Ready: PR #1842 is being tested for 12 min, 2nd in line');
  });

  it('merged: never called not ready', () => {
    const html = render({
      status: status({
        answer: found({
          state: 'merged',
          isCurrentlySubmittedToQueue: false,
          stateChangedAt: twelveMinutesAgo,
          readiness: readiness({ gitHubMergeability: 'unspecified' }),
        }),
      }),
    });
    expect(headline(html)).toBe('✅ Merged: PR #1842 merged 12 min ago');
    expect(html).not.toMatch(/not ready/i);
    expect(html).toContain('Merged: readiness no longer applies.');
  });

  it('not ready: the state, then the reasons in words with their codes', () => {
    const notReady = found({
      state: 'not_ready',
      stateChangedAt: twelveMinutesAgo,
      readiness: readiness({ gitHubMergeability: 'in_progress', hasImpactedTargets: false }),
    });
    const html = render({ status: status({ answer: notReady, queue: queue([[1840, 'testing']]) }) });
    expect(headline(html)).toBe('⏳ Not ready: PR #1842 is waiting to enter the queue for 12 min');
    expect(html).toContain(
      '<p>Why not ready, and what clears it:</p><ul><li>GitHub is still computing whether it can merge (<code>mergeability_in_progress</code>): wait, then re-run the job: GitHub computes this after every push to the PR</li><li>its impacted targets have not been uploaded (<code>impacted_targets_missing</code>): let the CI job that uploads impacted targets finish for the head commit</li></ul>',
    );
    expect(html).toContain('❌ GitHub mergeability: in_progress');
    expect(html).toContain('❌ Impacted targets uploaded');
  });

  it('failed: marked as a failure', () => {
    const failed = found({ state: 'failed', stateChangedAt: twelveMinutesAgo });
    const html = render({ status: status({ answer: failed, queue: queue([[1840, 'testing']]) }) });
    expect(headline(html)).toBe('❌ Not ready: PR #1842 is out of the queue after failing, 12 min ago');
    expect(html).toContain('the queue failed it (<code>state_failed</code>)');
  });

  it('not submitted', () => {
    const html = render({ status: status({ answer: notFound, queue: queue([[1840, 'testing']]) }) });
    expect(headline(html)).toBe('⏳ Not ready: PR #1842 is not submitted to this queue');
    expect(html).toContain('it is not submitted to this queue (<code>not_submitted</code>)');
  });

  it('a failure without a status', () => {
    expect(renderSummary({ ...base, failure: 'Trunk API getQueue: the token was <refused>' })).toBe(
      '<h2>❌ Merge queue status unavailable</h2>\n<p>❌ Trunk API getQueue: the token was &#60;refused&#62;</p>\n',
    );
  });

  it('a step that failed is never headed with a green mark, however ready the PR', () => {
    const failure = 'Timed out after 1 min waiting for PR #1842 to reach merged; it is testing (ready).';
    expect(headline(render({ failure }))).toBe(
      '❌ Ready, but the step failed: PR #1842 is being tested for 12 min, 2nd in line',
    );
    const merged = status({ answer: found({ state: 'merged', isCurrentlySubmittedToQueue: false }) });
    expect(headline(render({ status: merged, failure: 'The step was cancelled.' }))).toMatch(
      /^❌ Merged, but the step failed: PR #1842 merged/,
    );
    expect(headline(render({ status: status({ answer: notFound }), failure }))).toMatch(/^❌ Not ready: /);
    expect(render({ failure })).not.toContain('✅ Ready');
  });

  it('what holds the PR back is in the heading: a paused queue, a stale commit', () => {
    const paused = status({ queue: queue([[1842, 'pending']], { state: 'paused' }) });
    expect(headline(render({ status: paused }))).toBe(
      '⚠️ Ready, but the queue is paused: PR #1842 is being tested for 12 min, 1st in line',
    );
    const stale = status({ eventHeadSha: 'f'.repeat(40) });
    expect(headline(render({ status: stale }))).toBe(
      '⚠️ Ready: PR #1842 is being tested for 12 min, 2nd in line; the queue has another commit of it (stale)',
    );
    const both = status({ queue: queue([], { state: 'switching_modes' }), eventHeadSha: 'f'.repeat(40) });
    expect(headline(render({ status: both }))).toMatch(
      /^⚠️ Ready, but the queue is switching modes: .*; the queue has another commit of it \(stale\)$/,
    );
    // A running queue and a commit that matches hold nothing back.
    expect(headline(render({ status: status({ eventHeadSha: SIM_SHA }) }))).toMatch(/^✅ Ready: /);
  });
});

describe('what clears each reason', () => {
  const reasonItems = (answer: PrAnswer) =>
    [
      ...render({ status: status({ answer, queue: queue([]) }) }).matchAll(
        /<li>([^<]*?) \(<code>([a-z_]+)<\/code>\)(.*?)<\/li>/g,
      ),
    ].map((m) => [m[2], m[3]]);

  it.each([
    [
      'not_submitted',
      notFound,
      /^: submit it: comment <code>\/trunk merge<\/code> on the PR, use the Trunk web app, or run <code>trunk merge 1842<\/code>$/,
    ],
    ['state_failed', found({ state: 'failed' }), /^: fix what failed, then submit it again/],
    ['state_cancelled', found({ state: 'cancelled' }), /^: submit it again when it should merge/],
    ['state_pending_failure', found({ state: 'pending_failure' }), /^: wait: the queue retests it/],
    ['readiness_unknown', found({ state: 'not_ready', readiness: undefined }), /^: wait for Trunk to evaluate the PR/],
    [
      'base_branch_mismatch',
      found({ state: 'not_ready', readiness: readiness({ doesBaseBranchMatch: false }) }),
      /^: retarget the PR to the queue&#39;s branch, or point <code>target-branch<\/code> at the queue/,
    ],
    [
      'mergeability_not_mergeable',
      found({ state: 'not_ready', readiness: readiness({ gitHubMergeability: 'not_mergeable' }) }),
      /^: resolve the conflicts/,
    ],
    [
      'mergeability_unspecified',
      found({ state: 'not_ready', readiness: readiness({ gitHubMergeability: 'unspecified' }) }),
      /^: wait for GitHub to report mergeability/,
    ],
  ])('%s', (code, answer, fix) => {
    expect(reasonItems(answer)).toContainEqual([code, expect.stringMatching(fix)]);
  });

  it('a mergeability this version does not know is named, with no made-up fix', () => {
    const answer = found({ state: 'not_ready', readiness: readiness({ gitHubMergeability: 'blocked' }) });
    expect(reasonItems(answer)).toEqual([['mergeability_blocked', '']]);
  });
});

describe('fields shown only here', () => {
  const bare = (fields: Record<string, unknown>) =>
    status({
      answer: found({ prTitle: fields.x, prAuthor: fields.x, priorityName: fields.x, priorityValue: fields.x }),
      queue: queueFrom({
        ...queueBody({
          concurrency: fields.x,
          batch: fields.x,
          batchingMinSize: fields.x,
          batchingMaxWaitTimeMinutes: fields.x,
          mergeMethod: fields.x,
          requiredStatuses: fields.x,
        }),
        enqueuedPullRequests: [
          entry(1840, 'testing', {
            prTitle: fields.x,
            prAuthor: fields.x,
            priorityName: fields.x,
            stateChangedAt: fields.x,
          }),
        ],
      }),
    });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['of another type', { an: ['object'] }],
  ])('%s: each shows as "—"', (_, x) => {
    const html = render({ status: bare({ x }) });
    expect(html).toContain('<th align="left">Concurrency</th><td>—</td>');
    expect(html).toContain('<th align="left">Batching</th><td>—</td>');
    expect(html).toContain('<th align="left">Merge method</th><td>—</td>');
    // Trunk sends null live for a queue that requires no status: that is "none", not unknown.
    expect(html).toContain(`<th align="left">Required statuses</th><td>${x === null ? 'none' : '—'}</td>`);
    expect(html).toContain('<th align="left">Priority</th><td>— (—)</td>');
    expect(html).toContain('#1842</a> in octo-org/octo-repo.');
    // A column no listed row has a value for is left out, not shown as a column of dashes.
    expect(html).toContain('<tr><th>#</th><th>PR</th><th>State</th></tr>');
    expect(html).toContain(
      '<td><a href="https://github.com/octo-org/octo-repo/pull/1840">#1840</a></td><td>testing</td></tr>',
    );
  });

  it("the PR's own row takes the PR's facts where the line has none (v2's order names only the PR)", () => {
    const html = render({
      status: status({
        answer: found({ priorityName: 'high', prAuthor: 'octocat' }),
        queue: queueFrom({
          ...queueBody(),
          enqueuedPullRequests: [entry(1842, 'testing', { priorityName: undefined, prAuthor: undefined })],
        }),
      }),
    });
    expect(html).toMatch(/<b>#1842 [^<]*<\/b><\/a><\/td><td>testing<\/td><td>high<\/td><td>octocat<\/td>/);
  });

  // v2's order names each PR but not its priority, author or since when: only the PR's own row
  // would fill those, and a column blank for every row but one says nothing.
  const bareLine = (...numbers: number[]) =>
    queueFrom({
      ...queueBody(),
      enqueuedPullRequests: numbers.map((n) =>
        entry(n, 'testing', { priorityName: undefined, prAuthor: undefined, stateChangedAt: undefined }),
      ),
    });
  const header = (html: string) => /<h3>Entries<\/h3><table><tr>(.*?)<\/tr>/.exec(html)?.[1];

  it('leaves out a column that only the PR’s own row would fill', () => {
    const html = render({ status: status({ queue: bareLine(1840, 1842, 1845) }) });
    expect(header(html)).toBe('<th>#</th><th>PR</th><th>State</th>');
    expect(html).toContain('<td>👉 2</td><td><a href="https://github.com/octo-org/octo-repo/pull/1842"><b>#1842');
  });

  it('keeps a column two rows fill, with a dash where a row has nothing', () => {
    const body = {
      ...queueBody(),
      enqueuedPullRequests: [
        entry(1840, 'testing', { priorityName: 'high', prAuthor: undefined, stateChangedAt: undefined }),
        entry(1842, 'testing', { prAuthor: undefined, stateChangedAt: undefined }),
        entry(1845, 'pending', { priorityName: undefined, prAuthor: undefined, stateChangedAt: undefined }),
      ],
    };
    const html = render({ status: status({ queue: queueFrom(body) }) });
    expect(header(html)).toBe('<th>#</th><th>PR</th><th>State</th><th>Priority</th>');
    expect(html).toContain('<td>pending</td><td>—</td></tr>');
  });
});

describe('time and place', () => {
  it('how long in the state, with the exact time', () => {
    expect(render()).toContain('<code>testing</code>, changed 12 min ago, at 11:48 UTC (2026-11-20T11:48:00Z)');
  });

  it('while testing: when the queue gives up, or how overdue it is', () => {
    const testing = (stateChangedAt: string) =>
      render({
        status: status({
          answer: found({ stateChangedAt }),
          queue: queue([[1842, 'testing']], { testingTimeoutMinutes: 60 }),
        }),
      });
    expect(testing('2026-11-20T11:17:00Z')).toContain('the queue gives up at 12:17 UTC (in 17 min)');
    expect(testing('2026-11-20T10:57:00Z')).toContain('overdue by 3 min: the queue was to give up at 11:57 UTC');
  });

  it('PRs ahead with how many test and wait, never cut; plurals right', () => {
    const entries = Array.from(
      { length: 5000 },
      (_, i) => [i + 10_000, i < 2 ? 'testing' : 'pending'] as [number, string],
    );
    entries.splice(4320, 0, [1842, 'pending']);
    const html = render({
      status: status({ queue: queue(entries), answer: found({ state: 'pending', stateChangedAt: twelveMinutesAgo }) }),
    });
    expect(html).toContain('<th align="left">PRs ahead</th><td>4,320 (2 testing, 4,318 waiting)</td>');
    expect(html).toContain('4,321 of 5,001');
    expect(headline(html)).toBe(
      '✅ Ready: PR #1842 is waiting in the queue for a test run for 12 min, 4,321st in line',
    );
    const single = render({ status: status({ queue: queue([[1842, 'testing']]) }) });
    expect(single).toContain('1 entry.');
    expect(single).toContain('none: it is first');
    expect(
      render({ wait: { waitFor: ['merged'], waitedSeconds: 5, timedOut: false, ended: 'reached merged', polls: 1 } }),
    ).toContain('reached merged after 5 s (waiting for merged, 1 poll)');
  });

  it('the queue settings are folded, being reference rather than news', () => {
    expect(render()).toMatch(/<details><summary>Queue settings<\/summary><table>.*Concurrency.*<\/table><\/details>/);
  });

  it('in parallel mode, says the list is an order of consideration, not a line', () => {
    expect(render({ status: status({ queue: queue([[1842, 'testing']], { mode: 'parallel' }) }) })).toContain(
      'this list is the order the queue considers PRs in, not a strict line',
    );
    expect(render()).not.toContain('not a strict line');
  });

  it('a queue that is not running is said up front', () => {
    expect(render({ status: status({ queue: queue([[1842, 'pending']], { state: 'paused' }) }) })).toMatch(
      /^<h2>.*<\/h2>\n<p>⚠️ The merge queue is paused: nothing merges and no new test run starts/,
    );
  });
});

describe('the entries', () => {
  it('the first 50 when the PR is among them, then how many more', () => {
    expect(entryWindow(120, 10)).toEqual([[0, 50]]);
    const html = render({
      status: status({ queue: queue(Array.from({ length: 120 }, (_, i) => [i + 1, 'pending'] as [number, string])) }),
    });
    expect(html.match(/<tr><td>/g)).toHaveLength(MAX_ENTRY_ROWS);
    expect(html).toContain('<tr><td colspan="6">… 70 more</td></tr>');
  });

  it("the PR's own row and a few around it when it is further down, with what is left out", () => {
    expect(entryWindow(100, 49)).toEqual([
      [0, 44],
      [46, 51],
    ]);
    expect(entryWindow(5000, 4321)).toEqual([
      [0, 45],
      [4318, 4323],
    ]);
    const entries = Array.from({ length: 5000 }, (_, i) => [i + 10_000, 'pending'] as [number, string]);
    entries[4320] = [1842, 'pending'];
    const html = render({ status: status({ queue: queue(entries) }) });
    expect(html.match(/<tr><td>/g)).toHaveLength(MAX_ENTRY_ROWS);
    expect(html).toContain('<tr><td colspan="6">… 4,273 more</td></tr>');
    expect(html).toContain('<td>👉 4,321</td>');
    expect(html).toContain('<td>4,319</td>');
    expect(html).toContain('<td>4,323</td>');
    expect(html).toContain('<tr><td colspan="6">… 677 more</td></tr>');
  });

  it('says how long each entry has been in its state', () => {
    const body = {
      ...queueBody(),
      enqueuedPullRequests: [
        entry(1, 'testing', { stateChangedAt: '2026-11-20T11:30:00Z' }),
        entry(2, 'pending', { stateChangedAt: 'soon<b>' }),
      ],
    };
    const html = render({ status: status({ queue: queueFrom(body) }) });
    expect(html).toContain('<td>30 min ago</td>');
    expect(html).toContain('<td>soon&#60;b&#62;</td>');
  });

  it('an empty queue says so', () => {
    expect(render({ status: status({ queue: queue([]) }) })).toContain('<p>The queue is empty.</p>');
  });
});

describe('safety', () => {
  it('never leaves a table cell empty', () => {
    const html = render({
      status: status({ answer: notFound, queue: queue([[1, 'testing']], { requiredStatuses: null }) }),
    });
    expect(cells(html).filter((cell) => cell?.trim() === '')).toEqual([]);
  });

  it('lets no text from the API or the event add markup or break the table', () => {
    const hostile = '<script>alert(1)</script></td></tr></table>\n\n# | x | <img src=x onerror=alert(1)>';
    const body = {
      ...queueBody({ branch: hostile, state: hostile, mode: hostile }),
      enqueuedPullRequests: [
        entry(1, hostile, { prTitle: hostile, prAuthor: hostile, priorityName: hostile, stateChangedAt: hostile }),
      ],
    };
    const s = status({
      answer: found({
        prTitle: hostile,
        prAuthor: hostile,
        priorityName: hostile,
        prSha: hostile,
        stateChangedAt: hostile,
        state: hostile,
      }),
      queue: queueFrom(body),
    });
    const html = render({
      repo: 'o/<r>',
      status: s,
      wait: { waitFor: ['merged'], waitedSeconds: 5, timedOut: false, ended: hostile, polls: 2 },
      failure: hostile,
    });
    expect(html).not.toMatch(/<script|<img|<\/table><\/td>|\n\n/);
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
    const ours = ['a', 'b', 'code', 'details', 'h2', 'h3', 'li', 'p', 'summary', 'table', 'td', 'th', 'tr', 'ul'];
    expect([...tags].filter((tag) => !ours.includes(tag as string))).toEqual([]);
    expect(html.match(/<table>/g)?.length).toBe(html.match(/<\/table>/g)?.length);
  });

  it('stays far below 1 MiB for a 5,000-entry queue with huge texts', () => {
    // Five times the length any one text is cut to, in every place a text goes.
    const huge = 'x'.repeat(1000);
    const body = {
      ...queueBody({ requiredStatuses: Array.from({ length: 10_000 }, () => huge) }),
      enqueuedPullRequests: Array.from({ length: 5000 }, (_, i) => entry(i + 10_000, 'pending', { prTitle: huge })),
    };
    const html = render({ status: status({ answer: found({ prTitle: huge }), queue: queueFrom(body) }) });
    expect(Buffer.byteLength(html)).toBeLessThan(100 * 1024);
    expect(html).toContain('… 4,950 more');
    expect(html).toContain('and 9,980 more');
  });

  it('links PRs through GITHUB_SERVER_URL, so GitHub Enterprise links stay on its host', () => {
    const html = render({ serverUrl: 'https://ghe.example.com/' });
    expect(html).toContain('<a href="https://ghe.example.com/octo-org/octo-repo/pull/1842">');
    expect(html).toContain('<a href="https://ghe.example.com/octo-org/octo-repo/pull/1840">');
    expect(html).not.toContain('github.com');
  });

  it('leaves out PR links when the server URL is not http(s)', () => {
    expect(render({ serverUrl: 'javascript:alert(1)' })).not.toContain('<a ');
  });
});
