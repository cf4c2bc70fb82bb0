// The summaries of Trunk's own test runs that are not one PR's: a batch's, one row per PR, and a
// test branch that names no PR. Every text from outside escaped.
import { describe, expect, it } from '@jest/globals';
import { decideBatch } from '../../src/core/batch.js';
import { deriveStatus } from '../../src/core/status.js';
import { renderBatchSummary, renderUnnamedSummary } from '../../src/render/test-run-summary.js';
import { found, notFound, queue } from '../helpers/fixtures.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const line = queue(
  [
    [1842, 'testing'],
    [1843, 'testing'],
  ],
  { state: 'paused' },
);
const statuses = [
  deriveStatus({ prNumber: 1842, answer: found({ stateChangedAt: '2026-11-20T11:48:00Z' }), queue: line, nowMs: NOW }),
  deriveStatus({
    prNumber: 1843,
    answer: found({
      prNumber: 1843,
      prTitle: '</td><script>x</script>',
      prAuthor: '<b>eve</b>',
      stateChangedAt: '2026-11-20T11:30:00Z',
    }),
    queue: line,
    nowMs: NOW,
  }),
  deriveStatus({ prNumber: 1850, answer: notFound, queue: line, nowMs: NOW }),
];
const input = {
  statuses,
  verdict: decideBatch(statuses),
  branch: 'trunk-merge/pr-1842-1843-1850/<id>',
  repo: 'octo-org/octo-repo',
  serverUrl: 'https://github.com',
  nowMs: NOW,
};

describe('a batch', () => {
  const html = renderBatchSummary(input);

  it('leads with the verdict over the batch, then says what the run is', () => {
    expect(html).toMatch(
      /^<h2>❌ Not ready: PR #1850 of this batch left the queue \(#1850 not submitted to this queue\)<\/h2>\n/,
    );
    expect(html).toContain(
      '<p>This run is one of the merge queue’s test runs: it tests PRs #1842, #1843 and #1850 together on <code>trunk-merge/pr-1842-1843-1850/&#60;id&#62;</code>, in octo-org/octo-repo. It is on its way when every PR of it is.</p>',
    );
  });

  it('one row per PR: its state and since when, its place, whether it is on its way and why not', () => {
    const rows = html.match(/<tr><td>.*?<\/tr>/g) ?? [];
    expect(rows.slice(0, 3)).toEqual([
      '<tr><td><a href="https://github.com/octo-org/octo-repo/pull/1842">#1842 Update documentation</a> by octocat</td><td>being tested for 12 min (<code>testing</code>)</td><td>1 of 2</td><td>✅ yes</td><td>—</td></tr>',
      '<tr><td><a href="https://github.com/octo-org/octo-repo/pull/1843">#1843 &#60;/td&#62;&#60;script&#62;x&#60;/script&#62;</a> by &#60;b&#62;eve&#60;/b&#62;</td><td>being tested for 30 min (<code>testing</code>)</td><td>2 of 2</td><td>✅ yes</td><td>—</td></tr>',
      '<tr><td><a href="https://github.com/octo-org/octo-repo/pull/1850">#1850</a></td><td>not submitted to this queue (<code>not_submitted</code>)</td><td>not listed</td><td>❌ no</td><td>it is not submitted to this queue (<code>not_submitted</code>)</td></tr>',
    ]);
  });

  it("the queue's state, when it holds the batch back, and the queue's tables", () => {
    expect(html).toContain('<p>⚠️ The merge queue is paused: nothing merges');
    expect(html).toContain('<h3>Queue for main</h3>');
    expect(html).toContain('<h3>Entries</h3>');
  });

  it('a ready batch in a paused queue is not headed ✅ alone', () => {
    const ready = statuses.slice(0, 2);
    expect(renderBatchSummary({ ...input, statuses: ready, verdict: decideBatch(ready) })).toMatch(
      /^<h2>⚠️ Ready, but the queue is paused: the 2 PRs of this batch are on their way/,
    );
  });
});

describe('a test branch that names no PR', () => {
  it('says so, its name escaped; the step passes, or says why it failed', () => {
    expect(renderUnnamedSummary('trunk-merge/<img src=x>', undefined)).toBe(
      '<h2>ℹ️ Nothing to report for this merge-queue test run</h2>\n<p>This run is on trunk-merge/&#60;img src=x&#62;, one of the merge queue&#39;s test branches, but its name lists no pull request the way Trunk writes it (trunk-merge/pr-1842/…, or trunk-merge/pr-1842-1843/… for a batch), so there is nothing to report; the step passes.</p>\n',
    );
    expect(renderUnnamedSummary('trunk-merge/x', 'boom')).toMatch(/^<h2>❌ .*<\/h2>\n<p>❌ boom<\/p>\n/);
  });
});
