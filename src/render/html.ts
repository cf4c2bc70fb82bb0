// HTML for the job summary. GitHub renders the summary as Markdown, where an HTML block runs until
// the first blank line: every text from the API or the event is redacted, cut to a bounded length,
// loses its line breaks and is entity-escaped, so it can neither show a credential, inject markup
// nor end a table early.
import { oneLine, plainWords, wordParts } from '../shared/format.js';

const MAX_TEXT_CHARS = 200;

/** The credentials' redaction while a summary renders (withRedaction); none otherwise. */
let redactText: (text: string) => string = (text) => text;

/**
 * `render(input)`, with `redact` applied to every text escapeHtml is given, before it is cut or
 * escaped. Every text from outside reaches a summary through escapeHtml, so this one place covers
 * every renderer without a redactor threaded through each; what the action computes and writes
 * itself (a PR number, a count, a time) is not a text given to escapeHtml and is never redacted.
 */
export function withRedaction<I>(redact: (text: string) => string, render: (input: I) => string, input: I): string {
  const outer = redactText;
  redactText = redact;
  try {
    return render(input);
  } finally {
    redactText = outer;
  }
}

/**
 * Escapes text for HTML element content and quoted attributes, on one line, bounded. Text is
 * redacted first; a number or a boolean is one the action parsed or computed, shown as it is.
 */
export function escapeHtml(value: unknown, maxChars = MAX_TEXT_CHARS): string {
  // Line breaks and other controls would end the surrounding HTML block in Markdown.
  const own = typeof value === 'number' || typeof value === 'boolean';
  return escaped(own ? String(value) : redactText(plainWords(String(value ?? ''))), maxChars);
}

/** Escaped, on one line, bounded; the caller has redacted what needed it. */
function escaped(raw: string, maxChars: number): string {
  let text = oneLine(raw);
  const chars = Array.from(text);
  if (chars.length > maxChars) text = `${chars.slice(0, maxChars - 1).join('')}…`;
  return escapeChars(text);
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function escapeChars(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Words the action wrote (core/words): the text from outside in them redacted and escaped, the
 * action's own only escaped (a number it computed is never redacted), and names and commands
 * between backticks shown as code.
 */
export function wordsHtml(text: string, maxChars = 1000): string {
  // The action's own words keep their spaces at the joins; a text from outside is trimmed as ever.
  const html = wordParts(text)
    .map((part) => (part.outside ? escapeHtml(part.text, maxChars) : escapeChars(part.text.replace(CONTROL, ' '))))
    .join('');
  return html.replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** An https URL that can stand in an href as it is; anything else (javascript:, http:, spaces) is not linked. */
export function isSafeLink(url: string | undefined | null): url is string {
  return typeof url === 'string' && /^https:\/\/[^\s"'<>\\]+$/i.test(url) && url.length <= 2000;
}

/**
 * The hosts an answer's link may lead to while a report renders (withLinkHosts), by where the link
 * claims to lead: Trunk's (the app, the api-url's host), under labels such as "Open this PR in
 * Trunk"; GitHub's (the server's host), for checks, PRs and runs. Any https host when none are
 * set (a renderer's own test).
 */
export interface LinkHosts {
  trunk: readonly string[];
  github: readonly string[];
}
let linkHosts: { trunk: ReadonlySet<string>; github: ReadonlySet<string> } | undefined;

const lowered = (hosts: readonly string[]) => new Set(hosts.map((host) => host.toLowerCase()));

/** `render()` with links from answers written only to these hosts (exactly: no subdomain). */
export function withLinkHosts<T>(hosts: LinkHosts, render: () => T): T {
  const outer = linkHosts;
  linkHosts = { trunk: lowered(hosts.trunk), github: lowered(hosts.github) };
  try {
    return render();
  } finally {
    linkHosts = outer;
  }
}

/**
 * A URL from an answer that may be linked under the action's own labels ("Open this PR in
 * Trunk", a check's name): a safe https URL on one of the hosts allowed for where it claims to
 * lead. Another host's is shown as text, or not at all, so an answer cannot send a reader to a
 * page of its choosing.
 */
export function isLinkable(url: string | undefined | null, to: keyof LinkHosts = 'github'): url is string {
  if (!isSafeLink(url)) return false;
  if (!linkHosts) return true;
  try {
    return linkHosts[to].has(new URL(url).hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * Whether the summary being rendered is for a comment (the `markdown` output): a link there to a
 * PR or an issue would make GitHub cross-reference it, so none is written (render/comment.ts).
 */
let forComment = false;

/** `render()` with the summary's links and references written for a comment. */
export function inCommentMode<T>(render: () => T): T {
  const outer = forComment;
  forComment = true;
  try {
    return render();
  } finally {
    forComment = outer;
  }
}

/** A GitHub page of a PR or an issue: in a comment, a link to one is a reference. */
const REFERENCE = /\/(pull|issues)\/\d+(?:[/?#]|$)/;

/** `labelHtml` linked to `url` when it is a safe https URL; the label alone otherwise. */
export function link(url: string | undefined | null, labelHtml: string, to: keyof LinkHosts = 'github'): string {
  if (forComment && url && REFERENCE.test(url)) return labelHtml;
  return isLinkable(url, to) ? `<a href="${escapeHtml(url, 2000)}">${labelHtml}</a>` : labelHtml;
}

/** `lineHtml` right under a summary's heading (its first `<h2>`), or first when it has none. */
export function underHeading(html: string, lineHtml: string): string {
  const end = '</h2>\n';
  const at = html.indexOf(end);
  return at < 0 ? `${lineHtml}${html}` : `${html.slice(0, at + end.length)}${lineHtml}${html.slice(at + end.length)}`;
}

/** A value shown only in the summary: "—" when the API did not send it. */
export function orDash(value: unknown): string {
  return value === undefined || value === null || value === '' ? '—' : escapeHtml(value);
}

/** One row of a two-column table: a heading (ours) and a value (HTML already), never an empty cell. */
export function row(name: string, valueHtml: string): string {
  return `<tr><th align="left">${name}</th><td>${valueHtml || '—'}</td></tr>`;
}

/**
 * `labelHtml` linked to the PR's page through GITHUB_SERVER_URL, so GitHub Enterprise links stay
 * on its host; the label alone when that is not an http(s) URL.
 */
export function pullRequestLink(serverUrl: string, repo: string, prNumber: number, labelHtml: string): string {
  if (forComment || !/^https?:\/\/[^\s"'<>]+$/i.test(serverUrl)) return labelHtml;
  // The number is a number: only the text from outside goes through escapeHtml.
  const pulls = `${serverUrl.replace(/\/+$/, '')}/${repo}/pull/`;
  return `<a href="${escapeHtml(pulls, 2000)}${prNumber}">${labelHtml}</a>`;
}
