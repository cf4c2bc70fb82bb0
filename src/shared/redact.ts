// Cuts the credentials out of text: at the way in, from every answer and message from outside
// (Trunk's bodies and headers, GitHub's answers and errors, the event's payload) before anything
// parses, normalises, changes the case of, clips or encodes it; and again at the way out, from
// every log line, the error line, the outputs and the summary, as a second wall. The values the
// action computes (booleans, numbers, the PR it asked about) never pass through it.
//
// The rule: no 12-character fragment of a credential, in any letter case, in any spelling the
// text's format gives it, as base64, or broken up by white space and invisible characters
// (redact-match.ts finds them). So the text is looked at as written and again after each round of
// decoding (JSON and JavaScript escapes, HTML entities, percent-encoding: an error body quoting a
// JSON body is escaped twice), with every decoded character remembering the span of the text it
// came from, and each fragment found is cut from the text as written.
import { buildPatterns, findSpans, type Patterns } from './redact-match.js';

export { FRAGMENT } from './redact-match.js';
export const REDACTED = '***';
/** Rounds of decoding: an escape inside an escape inside an entity, and then some. */
const MAX_ROUNDS = 6;

/**
 * A credential shorter than this is refused: a real Trunk token or key is far longer, and masking
 * a short one would hide ordinary words wherever they appear.
 */
export const MIN_CREDENTIAL_CHARS = 8;

/**
 * Why a credential cannot be masked without hiding the action's own words (`true`, `false`, a
 * state) and numbers (a PR number, a count) with it; undefined when it can. The runner masks a
 * secret everywhere in the log, so the action refuses such a value rather than take it.
 */
export function unmaskable(credential: string): string | undefined {
  if (credential.length < MIN_CREDENTIAL_CHARS) return `is under ${MIN_CREDENTIAL_CHARS} characters`;
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(credential)) return 'is a number';
  return undefined;
}

export interface Redactor {
  /** The text without any fragment of a credential. */
  text(value: string): string;
  /** A parsed JSON value with every string and key redacted (in place), however deep. */
  json<T>(value: T): T;
  /**
   * A body as JSON text, redacted and still JSON when it was: a cut that would break it (a
   * credential spelled across a string's end) is made string by string instead.
   */
  jsonText(text: string): string;
}

/** A view of the text: each character of `chars` came from `from[i]`..`to[i]` of the original. */
interface Layer {
  chars: string;
  from?: Int32Array;
  to?: Int32Array;
}

/**
 * The kinds of escape a format gives a character. A text is read with every mix of the kinds it
 * holds: all at once (a text that spells each character its own way, or an escape inside an
 * entity), and each on its own, since one format's text can look like another's escape: a token
 * holding `%aE` stays whole in an HTML page that is not percent-encoded, and a plain backslash
 * before `\u0027` is a backslash and a quote to a reader who takes one character at a time.
 */
const KINDS = {
  unicode: String.raw`\\u(?<u4>[0-9a-fA-F]{4})|\\u\{(?<uBrace>[0-9a-fA-F]{1,6})\}|\\x(?<x2>[0-9a-fA-F]{2})`,
  short: String.raw`\\(?<short>[\\"/'bfnrt])`,
  /** The short escapes with `\\` left as it is: the other reading of a backslash before an escape. */
  shortPlain: String.raw`\\(?<short>["/'bfnrt])`,
  html: String.raw`&#0*(?<decimal>\d{1,7});?|&#[xX]0*(?<hex>[0-9a-fA-F]{1,6});?|&(?<named>amp|lt|gt|quot|apos);`,
  percent: String.raw`(?<percent>(?:%[0-9a-fA-F]{2})+)`,
} as const;
type Kind = keyof typeof KINDS;
const KIND_PATTERNS = Object.fromEntries(
  Object.entries(KINDS).map(([kind, source]) => [kind, new RegExp(source)]),
) as Record<Kind, RegExp>;

/** Every reading: a mix of kinds, each kind alone first. `short` and `shortPlain` never mix. */
const READINGS: ReadonlyArray<{ kinds: readonly Kind[]; pattern: RegExp }> = (() => {
  const mixes: Kind[][] = [];
  for (const backslash of [['short'], ['shortPlain'], []] as Kind[][]) {
    for (let bits = 7; bits >= 0; bits--) {
      const others = (['unicode', 'html', 'percent'] as const).filter((_, i) => bits & (1 << i));
      const kinds = [...others, ...backslash];
      if (kinds.length > 0) mixes.push(kinds);
    }
  }
  mixes.sort((a, b) => a.length - b.length);
  return mixes.map((kinds) => ({ kinds, pattern: new RegExp(kinds.map((kind) => KINDS[kind]).join('|'), 'g') }));
})();
/** Readings looked at in one round at most: they branch, and a text could make them many. */
const MAX_LAYERS = 32;
/**
 * Characters the readings beyond the first may decode in all: the widest reading is followed
 * through every round, whatever the text's size (a 1 MB body costs what it always did); the
 * others while this lasts, which for a log line, an output or a summary is all of them.
 */
const EXTRA_READING_CHARS = 2_000_000;
const ESCAPE_START = /[\\&%]/;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const SHORT: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export function createRedactor(credentials: readonly string[]): Redactor {
  const patterns = buildPatterns([...new Set(credentials.filter(Boolean))]);
  if (patterns.texts.length === 0 && patterns.tiny.length === 0) {
    return { text: (value) => value, json: (value) => value, jsonText: (value) => value };
  }
  const text = (value: string) => redact(value, patterns);
  const json = <T>(value: T): T => redactJson(value, text);
  return {
    text,
    json,
    jsonText: (body) => {
      const cut = text(body);
      if (cut === body) return body;
      const parsed = parseJson(body);
      return parsed.ok && !parseJson(cut).ok ? JSON.stringify(json(parsed.value)) : cut;
    },
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Every string and key of a parsed JSON value redacted, in place; without recursion, so a body
 * nested thousands of levels deep costs time, never the stack. Properties are defined, never
 * assigned: a key `__proto__` stays a key.
 */
function redactJson<T>(value: T, text: (value: string) => string): T {
  if (typeof value === 'string') return text(value) as T;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      const cut = Array.isArray(record) ? key : text(key);
      if (cut !== key) delete record[key];
      const itemCut = typeof item === 'string' ? text(item) : item;
      if (cut !== key || itemCut !== item) {
        Object.defineProperty(record, cut, { value: itemCut, enumerable: true, writable: true, configurable: true });
      }
      if (itemCut !== null && typeof itemCut === 'object') stack.push(itemCut);
    }
  }
  return value;
}

function redact(text: string, patterns: Patterns): string {
  const spans: Array<[number, number]> = [];
  let budget = EXTRA_READING_CHARS;
  let layers: Layer[] = [{ chars: text }];
  for (let round = 0; layers.length > 0 && round <= MAX_ROUNDS; round++) {
    const next: Layer[] = [];
    const seen = new Set<string>();
    layers.forEach((layer, index) => {
      find(layer, patterns, spans);
      // Every escape starts with one of these; most texts (a title, a state) hold none.
      if (!ESCAPE_START.test(layer.chars)) return;
      const present = (Object.keys(KIND_PATTERNS) as Kind[]).filter((kind) => KIND_PATTERNS[kind].test(layer.chars));
      // A reading with a kind the text does not hold is the same as one without it.
      const readings = READINGS.filter(({ kinds }) => kinds.every((kind) => present.includes(kind)));
      const widest = readings.find(
        ({ kinds }) =>
          kinds.length === present.filter((k) => k !== 'shortPlain').length && !kinds.includes('shortPlain'),
      );
      // The first layer is the widest reading of the one before: it goes first, and always on.
      for (const reading of index === 0 && widest ? [widest, ...readings.filter((r) => r !== widest)] : readings) {
        const always = index === 0 && reading === widest;
        if (!always && (budget < layer.chars.length || next.length >= MAX_LAYERS)) break;
        if (!always) budget -= layer.chars.length;
        const decoded = decode(layer, reading.pattern);
        if (decoded && !seen.has(decoded.chars)) {
          seen.add(decoded.chars);
          next.push(decoded);
        }
      }
    });
    layers = next;
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [from, to] of spans) {
    if (to <= at) continue;
    if (from >= at) out += text.slice(at, from) + REDACTED;
    at = to;
  }
  return out + text.slice(at);
}

/** Adds the spans (in the original text) of every credential fragment visible in this layer. */
function find(layer: Layer, patterns: Patterns, spans: Array<[number, number]>): void {
  const { from, to } = layer;
  findSpans(layer.chars, patterns, (start, end) =>
    spans.push([from ? (from[start] as number) : start, to ? (to[end - 1] as number) : end]),
  );
}

/** The layer with one round of escapes decoded; undefined when there was nothing to decode. */
function decode(layer: Layer, pattern: RegExp): Layer | undefined {
  const { chars } = layer;
  pattern.lastIndex = 0;
  if (!pattern.test(chars)) return undefined;
  pattern.lastIndex = 0;
  const from = new Int32Array(chars.length);
  const to = new Int32Array(chars.length);
  const origin = (i: number) => (layer.from ? (layer.from[i] as number) : i);
  const end = (i: number) => (layer.to ? (layer.to[i] as number) : i + 1);
  const parts: string[] = [];
  let length = 0;
  let read = 0;
  const keep = (upTo: number) => {
    parts.push(chars.slice(read, upTo));
    for (; read < upTo; read++, length++) {
      from[length] = origin(read);
      to[length] = end(read);
    }
  };
  for (let match = pattern.exec(chars); match; match = pattern.exec(chars)) {
    keep(match.index);
    // Never longer than what it decodes, so the arrays sized for `chars` hold every unit.
    const decoded = decodeMatch(match);
    const last = match.index + match[0].length - 1;
    parts.push(decoded);
    for (let unit = 0; unit < decoded.length; unit++, length++) {
      from[length] = origin(match.index);
      to[length] = end(last);
    }
    read = last + 1;
  }
  keep(chars.length);
  return { chars: parts.join(''), from: from.subarray(0, length), to: to.subarray(0, length) };
}

function decodeMatch(match: RegExpExecArray): string {
  const { u4, uBrace, x2, short, decimal, hex, named, percent } = match.groups ?? {};
  if (percent !== undefined) return percentDecoded(percent);
  const hexCode = u4 ?? uBrace ?? x2 ?? hex;
  if (hexCode !== undefined) return codePoint(Number.parseInt(hexCode, 16));
  if (decimal !== undefined) return codePoint(Number.parseInt(decimal, 10));
  if (named !== undefined) return NAMED[named] ?? '';
  return SHORT[short ?? ''] ?? short ?? '';
}

/**
 * A run of percent-escapes: as UTF-8 when it is (so `%E2%80%8B`, a zero-width space, is one
 * character to step over), else each byte as the character of that code. Never longer than the
 * run, as decode() needs.
 */
function percentDecoded(run: string): string {
  const bytes = Buffer.from(run.replace(/%/g, ''), 'hex');
  try {
    return UTF8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function codePoint(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
}
