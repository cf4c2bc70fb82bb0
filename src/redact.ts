// Cuts the credentials out of text where it leaves the action: log lines, outputs, the summary and
// the error line. Decisions are made on the answers as Trunk sent them; only what is written out
// is redacted, so a token that happens to share letters with a SHA or a state never changes what
// the action decides.
//
// The rule (the contract's): no 12-character fragment of a credential, in any letter case and in
// any spelling the text's format gives it. So the text is looked at as written and again after
// each round of decoding (JSON and JavaScript escapes, HTML entities, percent-encoding: an error
// body quoting a JSON body is escaped twice), with every decoded character remembering the span
// of the text it came from, and each fragment found is cut from the text as written.

export const REDACTED = '***';
/** The longest piece of a credential that may appear: any longer run of it is cut. */
export const FRAGMENT = 12;
/** Rounds of decoding: an escape inside an escape inside an entity, and then some. */
const MAX_ROUNDS = 6;
/** Any FRAGMENT-long piece of a credential contains one of its BLOCK-long pieces that start at a multiple of BLOCK. */
const BLOCK = FRAGMENT / 2;

export interface Redactor {
  /** The text without any fragment of a credential. */
  text(value: string): string;
}

/** A view of the text: each character of `chars` came from `from[i]`..`to[i]` of the original. */
interface Layer {
  chars: string;
  from?: Int32Array;
  to?: Int32Array;
}

const DECODABLE =
  /\\u([0-9a-fA-F]{4})|\\u\{([0-9a-fA-F]{1,6})\}|\\x([0-9a-fA-F]{2})|\\([\\"/'bfnrt])|&#0*(\d{1,7});?|&#[xX]0*([0-9a-fA-F]{1,6});?|&(amp|lt|gt|quot|apos);|%([0-9a-fA-F]{2})/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const SHORT: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export function createRedactor(credentials: readonly string[]): Redactor {
  const secrets = [...new Set(credentials.filter(Boolean).map(asciiLower))];
  if (secrets.length === 0) return { text: (value) => value };
  return { text: (value) => redact(value, secrets) };
}

function redact(text: string, secrets: readonly string[]): string {
  const spans: Array<[number, number]> = [];
  let layer: Layer | undefined = { chars: text };
  for (let round = 0; layer && round <= MAX_ROUNDS; round++) {
    find(layer, secrets, spans);
    layer = decode(layer);
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
function find(layer: Layer, secrets: readonly string[], spans: Array<[number, number]>): void {
  const lower = asciiLower(layer.chars);
  const add = (start: number, end: number) =>
    spans.push([layer.from ? (layer.from[start] as number) : start, layer.to ? (layer.to[end - 1] as number) : end]);
  for (const secret of secrets) {
    if (secret.length <= FRAGMENT) {
      for (let at = lower.indexOf(secret); at >= 0; at = lower.indexOf(secret, at + 1)) add(at, at + secret.length);
      continue;
    }
    for (let offset = 0; offset + BLOCK <= secret.length; offset += BLOCK) {
      const block = secret.slice(offset, offset + BLOCK);
      for (let at = lower.indexOf(block); at >= 0; at = lower.indexOf(block, at + 1)) {
        let left = 0;
        while (at - left > 0 && offset - left > 0 && lower[at - left - 1] === secret[offset - left - 1]) left++;
        let right = BLOCK;
        while (at + right < lower.length && offset + right < secret.length && lower[at + right] === secret[offset + right]) {
          right++;
        }
        if (left + right >= FRAGMENT) add(at - left, at + right);
      }
    }
  }
}

/** The layer with one round of escapes decoded; undefined when there was nothing to decode. */
function decode(layer: Layer): Layer | undefined {
  const { chars } = layer;
  DECODABLE.lastIndex = 0;
  if (!DECODABLE.test(chars)) return undefined;
  DECODABLE.lastIndex = 0;
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
  for (let match = DECODABLE.exec(chars); match; match = DECODABLE.exec(chars)) {
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
  const [, u4, uBrace, x2, short, decimal, hex, named, percent] = match;
  const hexCode = u4 ?? uBrace ?? x2 ?? hex ?? percent;
  if (hexCode !== undefined) return codePoint(Number.parseInt(hexCode, 16));
  if (decimal !== undefined) return codePoint(Number.parseInt(decimal, 10));
  if (named !== undefined) return NAMED[named] ?? '';
  return SHORT[short ?? ''] ?? short ?? '';
}

function codePoint(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
}

/** Lowercase for ASCII letters only, so every index still points at the same character. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
