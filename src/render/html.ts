// HTML for the job summary. GitHub renders the summary as Markdown, where an HTML block runs until
// the first blank line: every text from the API or the event is cut to a bounded length, loses
// its line breaks and is entity-escaped, so it can neither inject markup nor end a table early.
import { oneLine } from '../shared/format.js';

const MAX_TEXT_CHARS = 200;

/** Escapes text for HTML element content and quoted attributes, on one line, bounded. */
export function escapeHtml(value: unknown, maxChars = MAX_TEXT_CHARS): string {
  // Line breaks and other controls would end the surrounding HTML block in Markdown.
  let text = oneLine(String(value ?? ''));
  const chars = Array.from(text);
  if (chars.length > maxChars) text = `${chars.slice(0, maxChars - 1).join('')}…`;
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An https URL that can stand in an href as it is; anything else (javascript:, http:, spaces) is not linked. */
export function isSafeLink(url: string | undefined | null): url is string {
  return typeof url === 'string' && /^https:\/\/[^\s"'<>\\]+$/i.test(url) && url.length <= 2000;
}

/** `labelHtml` linked to `url` when it is a safe https URL; the label alone otherwise. */
export function link(url: string | undefined | null, labelHtml: string): string {
  return isSafeLink(url) ? `<a href="${escapeHtml(url, 2000)}">${labelHtml}</a>` : labelHtml;
}
