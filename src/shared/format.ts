// Text as a person reads it in a log line, an output or the summary.

/**
 * One line: control characters and line breaks become a space, and the ends are trimmed. With
 * `squeeze`, every run of white space becomes one space too: for text whose layout means nothing
 * where it is quoted (a body, an error message), not for values passed on as they are (outputs).
 */
export function oneLine(text: string, options: { squeeze?: boolean } = {}): string {
  const breaks = options.squeeze ? SPACE_OR_CONTROL : CONTROL;
  return text.replace(breaks, ' ').trim();
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]+/g;

/** At most `max` characters, the last of them `…` when it is cut; never half a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.ceil(bytes / 1000)} kB`;
}

/** A wait's length for the log: `1h 0m 0s`, `2m 5s`, `7s`. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  return m > 0 ? `${m}m ${s}s` : `${s}s`;
}

/** A span as people say it: `45 s`, `12 min`, `3 h 5 min`, `2 days 4 h`. */
export function humanSpan(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}

/** `1 entry`, `2 entries`: the count with the noun in the right number, thousands grouped. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${grouped(count)} ${count === 1 ? one : many}`;
}

/** `1st`, `2nd`, `3rd`, `11th`, `4,320th`. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${grouped(n)}${suffix}`;
}

/** `14:05 UTC` (`14:05:09 UTC` with seconds), with the date too when it is not the same UTC day as now. */
export function utcClock(ms: number, nowMs: number, { seconds = false } = {}): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return 'an unknown time';
  const iso = new Date(ms).toISOString();
  const sameDay = iso.slice(0, 10) === new Date(nowMs).toISOString().slice(0, 10);
  return `${sameDay ? '' : `${iso.slice(0, 10)} `}${iso.slice(11, seconds ? 19 : 16)} UTC`;
}

/** `4,320`: thousands grouped with commas, whatever the machine's locale. */
export function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A sentence without its closing full stop, to end a sentence of one's own around it. */
export function withoutStop(text: string): string {
  return text.trim().replace(/[.!]+$/, '');
}

/** A commit as GitHub shows it: its first 7 characters (the full SHA stays in the outputs). */
export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}
