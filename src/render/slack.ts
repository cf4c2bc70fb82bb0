// The report as a Slack message (the `slack-text` output), in Slack's mrkdwn: the verdict line,
// two to six lines of what matters, and links. Text from outside is escaped as Slack requires
// (`&`, `<`, `>`), so a PR title such as `<!channel>` or `<https://evil.example|click>` can neither
// ping a channel nor forge a link, and `@here`, `@channel` and `@everyone` in it are broken with a
// zero-width joiner. The action's own words are escaped the same way, and keep their backticks,
// which Slack shows as code. Links only to https URLs. At most 3,000 characters, a section's limit.
import { spaced, wordParts } from '../shared/format.js';
import { isLinkable, type LinkHosts } from './html.js';

const SLACK_LIMIT = 3_000;

/** The redaction of the run's credentials, applied to every text from outside. */
export type Redact = (text: string) => string;

/** Escaped as Slack's mrkdwn requires, on one line. */
function escaped(text: string): string {
  return spaced(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A text from outside: redacted, escaped, and no broadcast mention left in it. */
function fromOutside(text: string, redact: Redact): string {
  return escaped(redact(text)).replace(/@(here|channel|everyone)\b/gi, '@\u200d$1');
}

/** Words the action wrote (core/words): their text from outside made safe, their own escaped. */
export function slackWords(words: string, redact: Redact): string {
  return wordParts(words)
    .map((part) => (part.outside ? fromOutside(part.text, redact) : escaped(part.text)))
    .join('');
}

/**
 * `<url|label>` for an https URL Slack can carry whole, on a host links may lead to (html.ts); the
 * label alone otherwise, and when the URL carries a credential: a link cannot be cut short and
 * still lead anywhere.
 */
export function slackLink(
  url: string | undefined,
  label: string,
  redact: Redact,
  to: keyof LinkHosts = 'github',
): string {
  if (!isLinkable(url, to) || /[|<>]/.test(url) || redact(url) !== url) return label;
  return `<${url}|${label}>`;
}

/** The message: a bold verdict line, then the lines, each within the limit as a whole. */
export function slackMessage(verdict: string, lines: readonly string[]): string {
  const all = [`*${verdict}*`, ...lines.filter(Boolean)];
  let text = all.join('\n');
  // The verdict always stays; the last lines go first.
  while (text.length > SLACK_LIMIT && all.length > 1) {
    all.pop();
    text = all.join('\n');
  }
  return text.length > SLACK_LIMIT ? `${text.slice(0, SLACK_LIMIT - 1)}…` : text;
}

/** A line of text bars for a series, which Slack shows where it shows no chart: ▁▂▅▇. */
export function sparkline(values: readonly number[]): string {
  const bars = '▁▂▃▄▅▆▇█';
  const top = Math.max(1, ...values);
  return values.map((value) => bars[Math.min(bars.length - 1, Math.round((value / top) * (bars.length - 1)))]).join('');
}
