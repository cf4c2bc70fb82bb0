// The job summary as a comment (the `markdown` output): it notifies nobody (no @mention, no
// reference to another PR or issue, no link to one) and stays within a comment's limit, dropping
// its longest tables first and saying so.
import { describe, expect, it } from '@jest/globals';
import { asComment } from '../../src/render/comment.js';
import { escapeHtml, link, pullRequestLink } from '../../src/render/html.js';

describe('a comment notifies nobody', () => {
  it('other PRs are code spans, never links or references; the action links no PR page', () => {
    const html = asComment(
      () =>
        `<p>${pullRequestLink('https://github.com', 'o/r', 1840, '#1840 Add a feature')} waits for #1841.</p>` +
        `<p>${link('https://github.com/o/r/pull/9001', 'Test run')}, ${link('https://ci.example/run/1', 'CI')}.</p>`,
    );
    expect(html).toBe(
      '<p><code>#1840</code> Add a feature waits for <code>#1841</code>.</p><p>Test run, <a href="https://ci.example/run/1">CI</a>.</p>',
    );
  });

  it('a login, or one in a title from outside, is not a mention; an escaped character is left alone', () => {
    const html = asComment(() => `<p>by ${escapeHtml('@octocat')}: ${escapeHtml('Fix <b> for @team/core, #12')}</p>`);
    expect(html).toBe('<p>by @&#8203;octocat: Fix &#60;b&#62; for @&#8203;team/core, <code>#12</code></p>');
  });

  it("another repository's PR, GH- numbers and links to a PR or an issue in text are code spans too", () => {
    const title = escapeHtml(
      'Revert octo-org/octo-repo#1840, GH-1841, see https://github.com/o/r/issues/7 (fixes #1843)',
    );
    expect(asComment(() => `<p>${title}</p>`)).toBe(
      '<p>Revert <code>octo-org/octo-repo#1840</code>, <code>GH-1841</code>, see <code>https://github.com/o/r/issues/7</code> (fixes <code>#1843</code>)</p>',
    );
  });

  it('leaves code spans and tags as they are', () => {
    expect(asComment(() => '<p><code>#12 @x</code> <a href="https://x.example/#1">y</a></p>')).toBe(
      '<p><code>#12 @x</code> <a href="https://x.example/#1">y</a></p>',
    );
  });

  it('outside a comment, links and references are as they were', () => {
    expect(pullRequestLink('https://github.com', 'o/r', 1840, '#1840')).toBe(
      '<a href="https://github.com/o/r/pull/1840">#1840</a>',
    );
    expect(link('https://github.com/o/r/pull/9001', 'Test run')).toBe(
      '<a href="https://github.com/o/r/pull/9001">Test run</a>',
    );
  });
});

describe('within a comment’s limit', () => {
  const table = (rows: number, cell = 'x') => `<table>${`<tr><td>${cell}</td></tr>`.repeat(rows)}</table>`;

  it('a report that fits is as it is', () => {
    const html = `<h2>Ready</h2>\n${table(3)}\n`;
    expect(asComment(() => html)).toBe(html);
  });

  it('a longer one drops its longest tables first, and says so', () => {
    const long = table(4000, 'a long cell of text');
    const short = table(10);
    const html = `<h2>Ready</h2>\n${short}\n${long}\n`;
    expect(html.length).toBeGreaterThan(65_000);
    const comment = asComment(() => html);
    expect(comment.length).toBeLessThanOrEqual(65_000);
    expect(comment).toContain(short);
    expect(comment).not.toContain('a long cell of text');
    expect(comment).toMatch(
      /The longest table or list was left out to fit a comment; the job's summary has it\.<\/p>\n$/,
    );
  });

  it('text that is too long with no table to drop is cut at a line', () => {
    const comment = asComment(() => `${'<p>words</p>\n'.repeat(7000)}`);
    expect(comment.length).toBeLessThanOrEqual(65_000);
    expect(comment.endsWith('</p>\n')).toBe(true);
  });
});

describe('when it was true, and which run wrote it', () => {
  const NOW = Date.parse('2026-03-02T14:02:41Z');
  const RUN = 'https://github.com/octo-org/octo-repo/actions/runs/4242';
  const report = '<h2>✅ Ready: PR #1842 is being tested for 12 min</h2>\n<p>changed 12 min ago</p>\n';

  it('says so under the heading, with the date, linking to the run: its relative times count from then', () => {
    expect(asComment(() => report, { nowMs: NOW, runUrl: RUN })).toBe(
      '<h2>✅ Ready: PR <code>#1842</code> is being tested for 12 min</h2>\n' +
        `<p><sub>As of 2026-03-02 14:02 UTC, by <a href="${RUN}">this run</a>: every “ago” and “in …” in it counts from then.</sub></p>\n` +
        '<p>changed 12 min ago</p>\n',
    );
  });

  it('without a run to link (outside a runner), the time alone; without a heading, first', () => {
    expect(asComment(() => '<p>x</p>\n', { nowMs: NOW })).toBe(
      '<p><sub>As of 2026-03-02 14:02 UTC: every “ago” and “in …” in it counts from then.</sub></p>\n<p>x</p>\n',
    );
  });

  it('survives a report cut to fit', () => {
    const long = `<h2>Ready</h2>\n<table>${'<tr><td>a long cell of text</td></tr>'.repeat(4000)}</table>\n`;
    expect(asComment(() => long, { nowMs: NOW, runUrl: RUN })).toContain('As of 2026-03-02 14:02 UTC, by');
  });
});
