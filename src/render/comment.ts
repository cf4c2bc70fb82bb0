// The job summary as a comment (the `markdown` output): ready to post on a PR or an issue, where
// it must notify nobody. GitHub turns `@login` into a mention and `#1840` into a cross-reference
// in a comment's text, and a link to a PR into a reference too; so no PR is linked (html.ts'
// comment mode), every `#1840` in text becomes a code span, and every `@` before a name is broken
// with a zero-width space. At most 65,000 characters, under a comment's 65,536: a longer report
// drops its longest tables first, and says so.
import { asOfTime, RELATIVE_TIMES } from '../core/words/as-of.js';
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
  return bounded(quiet(written ? withAsOf(html, written) : html));
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

/** The longest tables (and folded sections) left out until the text fits, with a line saying so. */
function bounded(html: string): string {
  let text = html;
  let dropped = 0;
  while (text.length > COMMENT_LIMIT) {
    const blocks = [...text.matchAll(/<details>[\s\S]*?<\/details>|<table>[\s\S]*?<\/table>/g)];
    const longest = blocks.sort((a, b) => b[0].length - a[0].length)[0];
    if (!longest || longest.index === undefined) break;
    text = `${text.slice(0, longest.index)}${text.slice(longest.index + longest[0].length)}`;
    dropped++;
  }
  const note =
    dropped === 0
      ? ''
      : `<p>ℹ️ ${dropped === 1 ? 'The longest table was' : `The ${dropped} longest tables were`} left out to fit a comment; the job's summary has them.</p>\n`;
  const fitted = `${text}${note}`;
  // Nothing left to drop and still too long: cut, at a line's end.
  return fitted.length <= COMMENT_LIMIT ? fitted : `${fitted.slice(0, fitted.lastIndexOf('\n', COMMENT_LIMIT - 1))}\n`;
}
