// Text as a person reads it in a log line, an output or the summary.

/**
 * One line: control characters and line breaks become a space, invisible format characters go,
 * and the ends are trimmed. With `squeeze`, every run of white space becomes one space too: for
 * text whose layout means nothing where it is quoted (a body, an error message), not for values
 * passed on as they are (outputs). Every surface writes text from outside through this or
 * spaced(), so none shows a bidi control that makes "failed" read "passed", or hides a word
 * behind zero-width characters.
 */
export function oneLine(text: string, options: { squeeze?: boolean } = {}): string {
  const breaks = options.squeeze ? SPACE_OR_CONTROL : CONTROL;
  return text.replace(FORMAT, '').replace(breaks, ' ').trim();
}

/**
 * Every run of white space or control characters as one space, invisible format characters gone,
 * the ends kept: for a piece of a line that other pieces are joined to.
 */
export function spaced(text: string): string {
  return text.replace(FORMAT, '').replace(SPACE_OR_CONTROL, ' ');
}

/**
 * A JSON text passed on as it was sent (`pr-json`), with each invisible format character written
 * as its escape: the same JSON to a parser, nothing hidden to a reader. In JSON that parsed they
 * can only stand inside strings, where an escape means the same character.
 */
export function formatCharsEscaped(json: string): string {
  // split(''): an astral character (a tag) is two UTF-16 units, and JSON escapes each.
  const escape = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return json.replace(FORMAT, (char) => char.split('').map(escape).join(''));
}

/**
 * Unicode's format characters (category Cf): bidi controls (U+202E), zero-width spaces and
 * joiners, soft hyphens, word joiners, tags. The action writes none of its own into these texts.
 */
const FORMAT = /\p{Cf}/gu;
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

/** The units a duration is said in, largest first. */
const UNITS: ReadonlyArray<[string, number]> = [
  ['d', 86_400],
  ['h', 3_600],
  ['min', 60],
  ['s', 1],
];

/**
 * A span of time, the one way every line of the action says it, to what a person needs: seconds
 * only under a minute, minutes only under a day; the two largest units, truncated, a zero second
 * unit left out: `40 s`, `4 min`, `1 h 5 min`, `2 d 3 h`.
 */
export function duration(seconds: number): string {
  let left = Math.max(0, Math.floor(seconds));
  const parts = UNITS.map(([unit, size]) => {
    const count = Math.floor(left / size);
    left -= count * size;
    return [count, unit] as const;
  });
  const first = parts.findIndex(([count]) => count > 0);
  if (first < 0) return '0 s';
  const [count, unit] = parts[first] as readonly [number, string];
  // "4 min 30 s" says more than anyone reading a wait needs; seconds count only under a minute.
  const next = unit === 'min' ? undefined : parts[first + 1];
  return next && next[0] > 0 ? `${count} ${unit} ${next[0]} ${next[1]}` : `${count} ${unit}`;
}

/**
 * A span given in milliseconds, in the same format: `duration` from a second up, and a part of
 * a second as itself (`0.2 s`), never rounded to `0 s`.
 */
export function millis(ms: number): string {
  return ms < 1000 ? `${Number((ms / 1000).toFixed(2))} s` : duration(ms / 1000);
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
/** A rate as the outputs and the words give it: one decimal, always ("8.0", "12.5"). */
export function rate(n: number): string {
  return n.toFixed(1);
}

export function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A sentence without its closing full stop, to end a sentence of one's own around it. */
export function withoutStop(text: string): string {
  return text.trim().replace(/[.!]+$/, '');
}

/** A full commit SHA: 40 (SHA-1) or 64 (SHA-256) hexadecimal characters, any case. */
function isSha(text: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(text);
}

/**
 * A commit as GitHub shows it: its first 7 characters (the full SHA stays in the outputs). A value
 * that is no SHA (GitHub's merge_commit_sha can be anything an answer says) is not made to look
 * like one: it is quoted as text from outside, short.
 */
export function shortSha(sha: string): string {
  return isSha(sha) ? sha.slice(0, 7) : outside(clip(sha, 40));
}

// Text from outside (a branch, a check name, a state this version does not know) inside words the
// action writes is marked, so that the exit that writes the words out redacts and escapes that
// text, and only that: a number the action computed is never redacted. Private-use characters,
// which a text from outside cannot smuggle in: outside() removes any it carries.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;

/** Text from outside, marked inside words the action writes. */
export function outside(text: string): string {
  return `${OPEN}${text.replace(MARKS, '')}${CLOSE}`;
}

/** Words as a person reads them: the marks removed. */
export function plainWords(text: string): string {
  return text.replace(MARKS, '');
}

/** The words in turns: the action's own text, and the text from outside in it. */
export function wordParts(text: string): Array<{ outside: boolean; text: string }> {
  const parts: Array<{ outside: boolean; text: string }> = [];
  for (const [i, piece] of text.split(OPEN).entries()) {
    const [inside, after] = i === 0 ? [undefined, piece] : piece.split(CLOSE, 2);
    if (inside !== undefined && inside !== '') parts.push({ outside: true, text: inside });
    if (after) parts.push({ outside: false, text: after.replace(MARKS, '') });
  }
  return parts;
}
