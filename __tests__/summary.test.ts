import { describe, expect, it } from '@jest/globals';
import { deriveStatus } from '../src/status.js';
import { escapeHtml, MAX_ENTRY_ROWS, renderSummary } from '../src/summary.js';
import { entry, pr, queue, queueBody } from './fixtures.js';
import { queueSchema } from '../src/schemas.js';

const base = { repo: 'octo-org/octo-repo', serverUrl: 'https://github.com' };

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
});

describe('renderSummary', () => {
  const q = queue([
    [1840, 'testing'],
    [1842, 'testing'],
  ]);

  it('shows the verdict, the linked PR, its position, priority and readiness', () => {
    const html = renderSummary({ ...base, status: deriveStatus(1842, { submitted: true, pr: pr() }, q) });
    expect(html).toContain('<h2>✅ Ready: PR #1842 is testing</h2>');
    expect(html).toContain('<a href="https://github.com/octo-org/octo-repo/pull/1842">#1842 Update documentation</a>');
    expect(html).toContain('<th align="left">Position</th><td>2 of 2</td>');
    expect(html).toContain('medium (100)');
    expect(html).toContain('✅ GitHub mergeability: mergeable');
    expect(html).toContain('<td>👉 2</td>');
    expect(html).toContain('Queue for main');
  });

  it('lists the reasons of a PR that is not ready or not submitted', () => {
    const notReady = pr({
      state: 'not_ready',
      readiness: {
        requiresImpactedTargets: true,
        hasImpactedTargets: false,
        doesBaseBranchMatch: true,
        gitHubMergeability: 'in_progress',
      },
    });
    const html = renderSummary({ ...base, status: deriveStatus(1842, { submitted: true, pr: notReady }, q) });
    expect(html).toContain('⏳ Not ready: PR #1842 is not_ready');
    expect(html).toContain('❌ GitHub mergeability: in_progress');
    expect(html).toContain('❌ Impacted targets uploaded');
    const none = renderSummary({ ...base, status: deriveStatus(1842, { submitted: false }, q) });
    expect(none).toContain('PR #1842 is not_submitted');
    expect(none).toContain('❌ not submitted to the queue');
  });

  it('shows a failure without a status', () => {
    const html = renderSummary({ ...base, failure: 'Trunk API getQueue: the token was <refused>' });
    expect(html).toBe(
      '<h2>Merge queue status unavailable</h2>\n<p>❌ Trunk API getQueue: the token was &#60;refused&#62;</p>\n',
    );
  });

  it('shows at most 50 entries, then how many more', () => {
    const big = queue(Array.from({ length: 120 }, (_, i) => [i + 1, 'pending'] as [number, string]));
    const html = renderSummary({ ...base, status: deriveStatus(1842, { submitted: true, pr: pr() }, big) });
    expect(html.match(/<tr><td>/g)).toHaveLength(MAX_ENTRY_ROWS);
    expect(html).toContain('<p>and 70 more</p>');
  });

  it('never leaves a table cell empty', () => {
    const status = deriveStatus(1842, { submitted: false }, queue([[1, 'testing']], { requiredStatuses: null }));
    const html = renderSummary({ ...base, status });
    expect(cells(html).filter((cell) => cell?.trim() === '')).toEqual([]);
  });

  it('lets no text from the API or the event add markup or break the table', () => {
    const hostile = '<script>alert(1)</script></td></tr></table>\n\n# | x | <img src=x onerror=alert(1)>';
    const body = {
      ...queueBody({ branch: hostile }),
      enqueuedPullRequests: [entry(1, hostile, { prTitle: hostile, prAuthor: hostile, priorityName: hostile })],
    };
    const status = deriveStatus(
      1842,
      { submitted: true, pr: pr({ prTitle: hostile, prAuthor: hostile, priorityName: hostile, prSha: hostile }) },
      queueSchema.parse(body),
    );
    const html = renderSummary({
      ...base,
      repo: 'o/<r>',
      status,
      wait: { waitFor: ['merged'], waitedSeconds: 5, outcome: hostile },
    });
    expect(html).not.toMatch(/<script|<img|<\/table><\/td>|\n\n/);
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
    const ours = ['a', 'b', 'br', 'code', 'h2', 'h3', 'li', 'p', 'table', 'td', 'th', 'tr', 'ul'];
    expect([...tags].filter((tag) => !ours.includes(tag as string))).toEqual([]);
    expect(html.match(/<table>/g)?.length).toBe(html.match(/<\/table>/g)?.length);
  });

  it('stays far below 1 MiB for a 5,000-entry queue with huge texts', () => {
    const huge = 'x'.repeat(100_000);
    const body = {
      ...queueBody({ requiredStatuses: Array.from({ length: 10_000 }, () => huge) }),
      enqueuedPullRequests: Array.from({ length: 5000 }, (_, i) => entry(i + 1, 'pending', { prTitle: huge })),
    };
    const status = deriveStatus(1842, { submitted: true, pr: pr({ prTitle: huge }) }, queueSchema.parse(body));
    const html = renderSummary({ ...base, status });
    expect(Buffer.byteLength(html)).toBeLessThan(100 * 1024);
    expect(html).toContain('and 4950 more');
    expect(html).toContain('and 9980 more');
  });

  it('links PRs through GITHUB_SERVER_URL, so GitHub Enterprise links stay on its host', () => {
    const status = deriveStatus(1842, { submitted: true, pr: pr() }, q);
    const html = renderSummary({ ...base, serverUrl: 'https://ghe.example.com/', status });
    expect(html).toContain('<a href="https://ghe.example.com/octo-org/octo-repo/pull/1842">');
    expect(html).toContain('<a href="https://ghe.example.com/octo-org/octo-repo/pull/1840">');
    expect(html).not.toContain('github.com');
  });

  it('leaves out PR links when the server URL is not http(s)', () => {
    const html = renderSummary({
      ...base,
      serverUrl: 'javascript:alert(1)',
      status: deriveStatus(1842, { submitted: true, pr: pr() }, q),
    });
    expect(html).not.toContain('<a ');
  });
});
