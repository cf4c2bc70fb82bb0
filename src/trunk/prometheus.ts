// Trunk's metrics (v2's `/metrics`, v1's getMergeQueueMetrics) arrive as Prometheus text exposition
// format 0.0.4. Read line by line and tolerantly: a line that breaks the format is skipped and
// counted, so one bad series costs that series, never the report. The rules are those of
// Prometheus's own reader (expfmt's TextParser), except that it stops at the first bad line.
// Written here rather than taken from npm: the parsers published there throw on a bad line, keep
// labels in plain objects and miss some of Go's float spellings.

/** One line's sample. */
export interface Sample {
  name: string;
  /** Without a prototype: label names are Trunk's text, and `__proto__` is a legal one. */
  labels: Record<string, string>;
  /** NaN and ±Infinity as sent. */
  value: number;
  timestampMs?: number;
}

export interface Exposition {
  samples: Sample[];
  /** Lines that broke the format and were left out. */
  skipped: number;
}

// Sticky, so that each matches at the cursor and nowhere after it.
const METRIC_NAME = /[a-zA-Z_:][a-zA-Z0-9_:]*/y;
const LABEL_NAME = /[a-zA-Z_][a-zA-Z0-9_]*/y;
const TOKEN = /[^ \t]+/y;

const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INFINITY = /^([+-]?)inf(?:inity)?$/i;
const INT64_MAX = 2n ** 63n - 1n;

/** Every sample of `text`, in order. Never throws. */
export function parsePrometheusText(text: string): Exposition {
  const samples: Sample[] = [];
  let skipped = 0;
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const cursor = { text: line, at: 0 };
    skipBlanks(cursor);
    if (cursor.at === line.length) continue;
    if (line.charAt(cursor.at) === '#') {
      cursor.at++;
      if (!commentIsReadable(cursor)) skipped++;
      continue;
    }
    const sample = readSample(cursor);
    if (sample) samples.push(sample);
    else skipped++;
  }
  return { samples, skipped };
}

/**
 * A number as Go's strconv.ParseFloat reads it (`1`, `-1.5e3`, `.5`, `NaN`, `+Inf`, `Inf`,
 * `infinity`, any case for the words); undefined when it does not. A decimal too large for a
 * float64 is refused, as Go refuses it. Go's hexadecimal floats (`0x1p-2`) are refused too: no
 * exporter writes them.
 */
export function goFloat(text: string): number | undefined {
  if (DECIMAL.test(text)) {
    const value = Number(text);
    return Number.isFinite(value) ? value : undefined;
  }
  const infinity = INFINITY.exec(text);
  if (infinity) return infinity[1] === '-' ? -Infinity : Infinity;
  // Go takes a sign before `Inf` but not before `NaN`.
  return /^nan$/i.test(text) ? NaN : undefined;
}

interface Cursor {
  readonly text: string;
  at: number;
}

function skipBlanks(cursor: Cursor): void {
  while (cursor.text.charAt(cursor.at) === ' ' || cursor.text.charAt(cursor.at) === '\t') cursor.at++;
}

function take(cursor: Cursor, pattern: RegExp): string | undefined {
  pattern.lastIndex = cursor.at;
  const match = pattern.exec(cursor.text);
  if (!match) return undefined;
  cursor.at = pattern.lastIndex;
  return match[0];
}

const atEnd = (cursor: Cursor) => cursor.at === cursor.text.length;

/**
 * After the `#`: any comment reads, except a `HELP` or `TYPE` line whose metric name is not one,
 * or a `TYPE` that names no type the format has. Nothing here needs the metadata (the series are
 * known by name), but a broken one is counted like any broken line.
 */
function commentIsReadable(cursor: Cursor): boolean {
  skipBlanks(cursor);
  const keyword = take(cursor, TOKEN);
  if (keyword !== 'HELP' && keyword !== 'TYPE') return true;
  skipBlanks(cursor);
  if (atEnd(cursor)) return true;
  if (take(cursor, METRIC_NAME) === undefined) return false;
  if (atEnd(cursor)) return true;
  const rest = cursor.text.slice(cursor.at);
  if (!/^[ \t]/.test(rest)) return false;
  return keyword === 'HELP' || TYPES.has(rest.trim().toLowerCase());
}

/** `name[{labels}] value [timestamp]`, blanks and tabs between; undefined when the line breaks the format. */
function readSample(cursor: Cursor): Sample | undefined {
  const name = take(cursor, METRIC_NAME);
  if (name === undefined) return undefined;
  skipBlanks(cursor);
  let labels = Object.create(null) as Record<string, string>;
  if (cursor.text.charAt(cursor.at) === '{') {
    cursor.at++;
    const read = readLabels(cursor);
    if (!read) return undefined;
    labels = read;
    skipBlanks(cursor);
  }
  const value = goFloat(take(cursor, TOKEN) ?? '');
  if (value === undefined) return undefined;
  skipBlanks(cursor);
  if (atEnd(cursor)) return { name, labels, value };
  const timestamp = take(cursor, TOKEN) ?? '';
  skipBlanks(cursor);
  if (!atEnd(cursor) || !/^[+-]?\d+$/.test(timestamp)) return undefined;
  const exact = BigInt(timestamp);
  if (exact > INT64_MAX || exact < -INT64_MAX - 1n) return undefined;
  return { name, labels, value, timestampMs: Number(timestamp) };
}

/** After the `{`, up to and past the `}`. A trailing comma is allowed; a repeated name is not. */
function readLabels(cursor: Cursor): Record<string, string> | undefined {
  const labels = Object.create(null) as Record<string, string>;
  for (;;) {
    skipBlanks(cursor);
    if (cursor.text.charAt(cursor.at) === '}') {
      cursor.at++;
      return labels;
    }
    const name = take(cursor, LABEL_NAME);
    // `__name__` is the metric name's own label, reserved by the format.
    if (name === undefined || name === '__name__' || Object.hasOwn(labels, name)) return undefined;
    skipBlanks(cursor);
    if (cursor.text.charAt(cursor.at) !== '=') return undefined;
    cursor.at++;
    skipBlanks(cursor);
    const value = readLabelValue(cursor);
    if (value === undefined) return undefined;
    labels[name] = value;
    skipBlanks(cursor);
    const next = cursor.text.charAt(cursor.at);
    if (next === ',') cursor.at++;
    else if (next !== '}') return undefined;
  }
}

const ESCAPES: ReadonlyMap<string, string> = new Map([
  ['\\', '\\'],
  ['"', '"'],
  ['n', '\n'],
]);

/** A quoted label value; the format knows three escapes, and any other backslash breaks the line. */
function readLabelValue(cursor: Cursor): string | undefined {
  const { text } = cursor;
  if (text.charAt(cursor.at) !== '"') return undefined;
  let value = '';
  for (let i = cursor.at + 1; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '"') {
      cursor.at = i + 1;
      return value;
    }
    if (c !== '\\') {
      value += c;
      continue;
    }
    const escaped = ESCAPES.get(text.charAt(++i));
    if (escaped === undefined) return undefined;
    value += escaped;
  }
  return undefined;
}
