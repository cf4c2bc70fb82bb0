// The story section of the summary, from typed stories: which lines it says and in what words,
// times relative to now, and Trunk's text escaped and linked only when it is an https URL.
import { describe, expect, it } from '@jest/globals';
import type { Story } from '../../src/core/model.js';
import { deriveStatus } from '../../src/core/status.js';
import { storySection } from '../../src/render/summary-story.js';
import { found, queue } from '../helpers/fixtures.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const CHECK_URL = 'https://github.com/octo-org/octo-repo/actions/runs/4242/job/8484';

const section = (story: Story | undefined, state = 'failed') =>
  storySection(
    deriveStatus({
      prNumber: 1842,
      answer: found({ state }),
      queue: queue([[1842, state]]),
      story,
      nowMs: NOW,
    }),
    NOW,
  );

/** The section's list items, top level and nested, as HTML. */
const items = (html: string) => [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);

describe('storySection', () => {
  it('says nothing without a story, or when the story has nothing in it', () => {
    expect(section(undefined)).toBe('');
    expect(section({ leftOut: [], blockReasons: [], directlyAhead: [], estimate: { status: 'not_enabled' } })).toBe('');
  });

  it("blocked: the words the error line says, with Trunk's own message when it says more; a new code named", () => {
    const html = section(
      {
        leftOut: [],
        blockReasons: [
          { code: 'failing_check', message: 'required check build is failing', check: 'build' },
          { code: 'failing_check', message: 'a required check is red', check: 'lint' },
          { code: 'review_required' },
          { code: 'new_reason' },
        ],
      },
      'not_ready',
    );
    expect(html).toBe(
      '<h3>The story</h3><ul><li>Blocked because:<ul>' +
        // Trunk's message when it says more than the words; the code in parentheses, once.
        '<li>required check <code>build</code> is failing (<code>failing_check</code>)</li>' +
        '<li>required check <code>lint</code> is failing (Trunk: a required check is red) (<code>failing_check</code>)</li>' +
        '<li>it needs an approving review (<code>review_required</code>)</li>' +
        '<li>Trunk names a reason this version does not know (new_reason)</li>' +
        '</ul></li></ul>',
    );
  });

  it('left the queue: reason in words, who, how long ago, the failing checks linked, more than 20 counted', () => {
    const checks = Array.from({ length: 22 }, (_, i) => ({ name: `check-${i}`, url: CHECK_URL, conclusion: null }));
    const html = section({
      leftOut: [],
      exit: {
        reason: 'test_run_required_status_failed',
        actor: 'alice',
        at: '2026-11-20T11:56:00Z',
        failingChecks: [{ name: 'ci/test', url: CHECK_URL, conclusion: 'failure' }, ...checks.slice(1)],
        message: 'Required check failed.',
      },
    });
    const [line] = items(html);
    expect(line).toMatch(
      /^Left the queue by alice 4 min ago: a required check failed in its test run\. Required check failed\. Failing: /,
    );
    expect(line).toContain(`<a href="${CHECK_URL}"><code>ci/test</code></a> (failure), `);
    expect(line).toContain('<code>check-19</code></a> and 2 more.');
    expect(line).not.toContain('check-20');
  });

  it.each([
    ['pending_failure', 'test_run_timeout', 'Held as failing: its test run timed out.'],
    [
      'failed',
      'merge_graph_rebuilt',
      'Left the queue: Trunk&#39;s reason is one this version does not know (merge_graph_rebuilt).',
    ],
    ['cancelled', undefined, 'Left the queue: Trunk gave no reason.'],
  ])('in %s, reason %s reads %j', (state, reason, expected) => {
    expect(items(section({ leftOut: [], exit: { reason, failingChecks: [] } }, state))).toEqual([expected]);
  });

  it('a conflict names the PR, linked; a test run its status in words; the PRs waited for and the Trunk page', () => {
    const html = section(
      {
        leftOut: [],
        exit: {
          reason: 'start_test_run_merge_conflict',
          failingChecks: [],
          conflict: { kind: 'queue_pull_request', number: 1840, url: 'https://github.com/o/r/pull/1840' },
        },
        testRun: { url: 'https://github.com/o/r/pull/9001', status: 'in_progress' },
        directlyAhead: [1851, 1853],
        trunkUrl: 'https://app.trunk.io/o/pr/1842',
      },
      'cancelled',
    );
    expect(items(html)).toEqual([
      'Left the queue: it conflicted with the PRs ahead when its test branch was built. Conflicts with <a href="https://github.com/o/r/pull/1840">PR #1840</a>.',
      '<a href="https://github.com/o/r/pull/9001">Test run</a>: in progress.',
      'Waits directly for #1851, #1853.',
      '<a href="https://app.trunk.io/o/pr/1842">Open this PR in Trunk</a>.',
    ]);
  });

  it.each([
    [
      'in 25 min',
      { status: 'available', mergeAtMs: NOW + 25 * 60_000, computedAtMs: NOW - 60_000 },
      'Expected to merge around 12:25 UTC (in 25 min), estimated at 11:59 UTC.',
    ],
    ['past', { status: 'available', mergeAtMs: NOW - 2 * 60_000 }, 'Expected to merge around 11:58 UTC (2 min ago).'],
    [
      'on another day',
      { status: 'available', mergeAtMs: Date.parse('2026-11-21T01:00:00Z') },
      'Expected to merge around 2026-11-21 01:00 UTC (in 13 h).',
    ],
    [
      'unavailable, with a reason',
      { status: 'unavailable', reason: 'The queue is paused.' },
      'No merge estimate: The queue is paused.',
    ],
    ['unavailable', { status: 'unavailable' }, 'No merge estimate.'],
  ])('an estimate %s', (_what, estimate, expected) => {
    expect(items(section({ leftOut: [], estimate }, 'pending'))).toEqual([expected]);
  });

  it("escapes Trunk's text, folds its line breaks, and links nothing that is not https", () => {
    const html = section({
      leftOut: ['The story leaves out its test run: <b>HTTP 500</b>\n# x.'],
      blockReasons: [{ code: 'other', message: 'check <b>build</b> failed\n\n# <script>alert(1)</script>' }],
      exit: {
        reason: 'test_run_timeout\n<b>NOT_A_REASON</b>',
        actor: '<img src=x onerror=alert(1)>',
        failingChecks: [
          { name: '<script>alert(1)</script>', url: 'javascript:alert(1)', conclusion: 'FAILURE\n<b>x</b>' },
          { name: 'ci/test', url: 'http://insecure.example/check', conclusion: null },
        ],
        message: '</table><h1>pwned</h1>\n::error::fake',
        conflict: { kind: 'queue_pull_request', number: 1840, url: 'javascript:alert(document.cookie)' },
      },
      testRun: { url: 'javascript:alert(2)', status: 'failed' },
      estimate: { status: 'unavailable', reason: '<b>too little</b>\nhistory' },
      trunkUrl: 'javascript:alert(1)',
    });
    const tags = new Set([...html.matchAll(/<\/?([^\s>/]+)/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(['code', 'h3', 'li', 'ul']);
    expect(html).not.toContain('\n');
    expect(html).not.toContain('javascript:alert(1)"');
    expect(html).not.toContain('insecure.example');
    expect(html).toContain('by &#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('does not know (test_run_timeout &#60;b&#62;NOT_A_REASON&#60;/b&#62;).');
    expect(html).toContain('&#60;/table&#62;&#60;h1&#62;pwned&#60;/h1&#62; ::error::fake');
    expect(html).toContain('<li>Test run: failed.</li>');
    expect(html).toContain('Conflicts with PR #1840.');
    // Its page in Trunk is not https: no line that links nowhere.
    expect(html).not.toContain('in Trunk');
    expect(html).toContain('<li>ℹ️ The story leaves out its test run: &#60;b&#62;HTTP 500&#60;/b&#62; # x.</li>');
  });
});
