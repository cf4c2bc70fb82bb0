// The job summary as a comment (the `markdown` output): ready to post on a PR or an issue, where
// it must notify nobody. GitHub turns `@login` into a mention and `#1840` into a cross-reference
// in a comment's text, and a link to a PR into a reference too; so no PR is linked (html.ts'
// comment mode), every `#1840` in text becomes a code span, and every `@` before a name is broken
// with a zero-width space. At most 65,000 characters, under a comment's 65,536: a longer report
// drops its longest tables and lists first, and says so (fit.ts).
import { asOfTime, RELATIVE_TIMES } from '../core/words/as-of.js';
import { fitted, type Limit } from './fit.js';
import { inCommentMode, link, underHeading } from './html.js';

/** A comment's limit is 65,536 characters; this leaves room for whatever a workflow adds. */
const COMMENT_LIMIT = 65_000;

/** When the report was true, and the run that wrote it: a comment outlives its run. */
export interface Written {
  nowMs: number;
  /** This run's page, when the runner says which run it is. */
  runUrl?: string;
}

/**
 * The summary `render` writes, as a comment: no mention, no reference, within the limit; with
 * `written`, it says under its heading when it was true and which run wrote it, so that none of
 * its relative times ("12 min ago") is left to go stale without that anchor.
 */
export function asComment(render: () => string, written?: Written): string {
  const html = inCommentMode(render);
  return fitted(quiet(written ? withAsOf(html, written) : html), COMMENT);
}

/** "As of 2026-03-02 14:02 UTC, by this run: …", right under the heading (or first, without one). */
function withAsOf(html: string, { nowMs, runUrl }: Written): string {
  const by = runUrl ? `, by ${link(runUrl, 'this run')}` : '';
  return underHeading(html, `<p><sub>As of ${asOfTime(nowMs)}${by}: ${RELATIVE_TIMES}.</sub></p>\n`);
}

/**
 * What GitHub turns into a reference in a comment's text: a link to a PR or an issue, `#1840`,
 * `owner/repo#1840`, `GH-1840`. (`&#35;` is an escaped character, not a reference.)
 */
const REFERENCES =
  /https?:\/\/[^\s<>"]+?\/(?:pull|issues)\/\d+[^\s<>"]*|(?<![&\w])(?:[\w.-]+\/[\w.-]+)?#\d+\b|\bGH-\d+\b/gi;

/** References and mentions in the text between tags made inert; tags and code spans left as they are. */
function quiet(html: string): string {
  let inCode = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part, i) => {
      if (i % 2 === 1) {
        if (/^<code\b/i.test(part)) inCode++;
        else if (/^<\/code>/i.test(part)) inCode = Math.max(0, inCode - 1);
        return part;
      }
      if (inCode > 0) return part;
      // `&#35;` would only be decoded back into a reference: a code span is what GitHub leaves be.
      return part.replace(REFERENCES, '<code>$&</code>').replace(/@(?=[A-Za-z0-9])/g, '@&#8203;');
    })
    .join('');
}

/** A comment's limit counts characters; the job's summary keeps what was left out. */
const COMMENT: Limit = {
  max: COMMENT_LIMIT,
  size: (text) => text.length,
  fit: 'a comment',
  keeper: "the job's summary has",
};
