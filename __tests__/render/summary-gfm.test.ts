// The demo's summaries as GitHub shows them: Markdown with GFM, raw HTML parsed, then cleaned by
// rehype-sanitize's default schema, which is GitHub's allow-list. Nothing the summary relies on
// (details, summary, links, tables, the colspan of the "N more" rows) may be stripped.
import { describe, expect, it } from '@jest/globals';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { runInProcess } from '../helpers/in-process.js';
import { useSimulator } from '../helpers/simulator.js';

describe('render/summary-gfm', () => {
  const asGitHubShowsIt = (markdown: string) =>
    String(
      unified()
        .use(remarkParse)
        .use(remarkGfm)
        .use(remarkRehype, { allowDangerousHtml: true })
        .use(rehypeRaw)
        .use(rehypeSanitize)
        .use(rehypeStringify)
        .processSync(markdown),
    );

  // tbody is implied by the HTML parser, not stripped or added by anything we rely on.
  const tags = (html: string) =>
    [...html.matchAll(/<([a-z0-9]+)[\s>]/g)].map((m) => m[1] as string).filter((tag) => tag !== 'tbody');
  const count = (list: string[]) => list.reduce<Record<string, number>>((n, t) => ({ ...n, [t]: (n[t] ?? 0) + 1 }), {});

  const sim = useSimulator({}, 'all');

  describe.each(['testing', 'near-deadline', 'paused', 'big-queue', 'not-ready', 'merged', 'not-submitted', 'hostile'])(
    'the %s summary, rendered as GitHub does',
    (scenario) => {
      it('keeps every element and link the summary has', async () => {
        sim.useScenario(scenario);
        const { summary } = await runInProcess({ inputs: { 'api-token': sim.token, 'api-url': sim.url } });
        const shown = asGitHubShowsIt(summary);
        expect(count(tags(shown))).toEqual(count(tags(summary)));
        expect(shown.match(/<a href="https:\/\/github\.com\/[^"]+\/pull\/\d+">/g)?.length).toBe(
          summary.match(/<a href=/g)?.length,
        );
        expect(shown).toContain('<details><summary>Queue settings</summary>');
        expect(shown).not.toMatch(/<script|<img/);
        if (scenario === 'big-queue') expect(shown).toMatch(/<td colspan="6">… 4,273 more<\/td>/);
      });
    },
  );

  it('the check can fail: a tag outside the allow-list is stripped', () => {
    expect(count(tags(asGitHubShowsIt('<p><span style="x">a</span><video>b</video></p>')))).toEqual({ p: 1, span: 1 });
  });
});
