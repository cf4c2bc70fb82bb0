// Finding the pieces of the credentials in one reading of a text (redact.ts decides the readings).
// Every credential is looked for as written and as base64 (standard and URL-safe, at each of the
// three places its first byte can fall in a group of three, which covers `Bearer <key>` and
// `token <key>` encoded whole), in any ASCII letter case, and across white space, control and
// invisible characters (a zero-width space, a soft hyphen, a bidi control, a line break): they are
// stepped over, so a key broken every few characters is still one key. One pass over the text
// finds every credential at once: a rolling hash of each run of BLOCK visible characters is
// checked against a table of the credentials' blocks, so a 2 MB body costs one loop, however many
// credentials and spellings there are.

/** The longest piece of a credential that may appear: any longer run of it is cut. */
export const FRAGMENT = 12;
/** Any FRAGMENT-long piece of a pattern contains one of its BLOCK-long pieces that start at a multiple of BLOCK. */
const BLOCK = FRAGMENT / 2;
// The hash is kept in 32 bits by `| 0` after each step; every product stays below 2^53, so plain
// multiplication is exact (Math.imul is as fast in Node, but not where jest's tests run).
const BASE = 257;
/** BASE^(BLOCK-1) in 32 bits, to take the character leaving the window out of the hash. */
const OUTGOING = Array.from({ length: BLOCK - 1 }).reduce<number>((power) => (power * BASE) | 0, 1);
const FILTER_BITS = 16;

/** What the credentials look like to the search; built once per run. */
export interface Patterns {
  /** Each pattern folded (ASCII lowercase) with its ignorable characters left out. */
  texts: string[];
  /** Patterns of FRAGMENT characters or fewer, which count only whole. */
  wholeOnly: boolean[];
  /** Block hash to [pattern, offset] pairs. */
  blocks: Map<number, Array<[number, number]>>;
  /** A bit per low 16 bits of a block hash: most windows are turned away here. */
  filter: Uint8Array;
  /** Patterns shorter than a block (only ever in tests: the inputs refuse such credentials), found whole by indexOf. */
  tiny: string[];
  /** 1 for each ASCII code some pattern holds: any other visible ASCII character ends every window. */
  ascii: Uint8Array;
}

export function buildPatterns(credentials: readonly string[]): Patterns {
  const texts = [
    ...new Set(credentials.flatMap((credential) => [credential, ...base64Forms(credential)]).map(visibleFolded)),
  ].filter(Boolean);
  const patterns: Patterns = {
    texts: [],
    wholeOnly: [],
    blocks: new Map(),
    filter: new Uint8Array(1 << FILTER_BITS),
    tiny: [],
    ascii: new Uint8Array(0x80),
  };
  for (const text of texts) {
    if (text.length < BLOCK) {
      patterns.tiny.push(text);
      continue;
    }
    const index = patterns.texts.push(text) - 1;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x80) patterns.ascii[text.charCodeAt(i)] = 1;
    patterns.wholeOnly.push(text.length <= FRAGMENT);
    const last = text.length <= FRAGMENT ? 0 : text.length - BLOCK;
    for (let offset = 0; offset <= last; offset += BLOCK) {
      const hash = blockHash(text, offset);
      patterns.filter[hash & ((1 << FILTER_BITS) - 1)] = 1;
      const list = patterns.blocks.get(hash) ?? [];
      list.push([index, offset]);
      patterns.blocks.set(hash, list);
    }
  }
  return patterns;
}

/**
 * The parts of the credential's base64 that only its own bytes decide, standard and URL-safe, for
 * each of the three alignments: whatever precedes it (`Bearer `, `token `, a user name and a
 * colon) changes at most the characters at its edges.
 */
function base64Forms(credential: string): string[] {
  const bytes = Buffer.from(credential, 'utf8');
  const forms: string[] = [];
  for (let align = 0; align < 3; align++) {
    const encoded = Buffer.concat([Buffer.alloc(align), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((8 * align) / 6), Math.floor((8 * (align + bytes.length)) / 6));
    forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  // A credential too short to be a real one (a test's) has cores of a letter or two: never looked for.
  return forms.filter((form) => form.length >= BLOCK);
}

function blockHash(text: string, offset: number): number {
  let hash = 0;
  for (let i = 0; i < BLOCK; i++) hash = (hash * BASE + text.charCodeAt(offset + i)) | 0;
  return hash;
}

/** The text as the search sees it: ASCII letters lowercased, ignorable characters left out. */
function visibleFolded(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const skip = ignorableWidth(text, i);
    if (skip > 0) i += skip - 1;
    else out += String.fromCharCode(fold(text.charCodeAt(i)));
  }
  return out;
}

const fold = (code: number) => (code >= 65 && code <= 90 ? code | 32 : code);

/**
 * What a reader does not see, or sees as a gap: white space, control characters, and the default
 * ignorable code points (format characters such as zero-width spaces, soft hyphens, joiners and
 * bidi controls; variation selectors; fillers). Decided once per distinct character.
 */
const IGNORABLE = /^[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
const known = new Uint8Array(0x10000);
const knownAstral = new Map<number, boolean>();

/** How many UTF-16 units at `at` are one ignorable character: 0 when it is not one. */
function ignorableWidth(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code <= 0x20) return 1;
  if (code < 0x7f) return 0;
  if (code >= 0xd800 && code <= 0xdbff) {
    const point = text.codePointAt(at) ?? code;
    if (point <= 0xffff) return 0;
    let yes = knownAstral.get(point);
    if (yes === undefined) knownAstral.set(point, (yes = IGNORABLE.test(String.fromCodePoint(point))));
    return yes ? 2 : 0;
  }
  if (known[code] === 0) known[code] = IGNORABLE.test(String.fromCharCode(code)) ? 2 : 1;
  return known[code] === 2 ? 1 : 0;
}

/** Adds the span of every piece of a pattern found in `text`: FRAGMENT characters or more, or a short pattern whole. */
export function findSpans(text: string, patterns: Patterns, add: (start: number, end: number) => void): void {
  if (patterns.tiny.length > 0) findTiny(text, patterns.tiny, add);
  if (patterns.texts.length === 0 || text.length < BLOCK) return;
  const codes = new Int32Array(BLOCK);
  const places = new Int32Array(BLOCK);
  const { filter, blocks, texts, wholeOnly, ascii } = patterns;
  const mask = (1 << FILTER_BITS) - 1;
  let hash = 0;
  let kept = 0;
  /** Where the next character goes in the window, which is also where its oldest is. */
  let slot = 0;
  // The loop every byte of a body goes through: printable ASCII, the bulk of any answer, is
  // decided without a call.
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code <= 0x20) continue;
    if (code >= 0x7f) {
      const skip = ignorableWidth(text, i);
      if (skip > 0) {
        i += skip - 1;
        continue;
      }
    } else {
      if (code >= 65 && code <= 90) code |= 32;
      // No pattern holds it: no window can span it.
      if (ascii[code] === 0) {
        kept = 0;
        hash = 0;
        continue;
      }
    }
    if (kept >= BLOCK) hash = (hash - (codes[slot] as number) * OUTGOING) | 0;
    hash = (hash * BASE + code) | 0;
    codes[slot] = code;
    places[slot] = i;
    slot = slot === BLOCK - 1 ? 0 : slot + 1;
    kept++;
    if (kept < BLOCK || filter[hash & mask] === 0) continue;
    const candidates = blocks.get(hash);
    if (!candidates) continue;
    for (const [index, offset] of candidates) {
      const pattern = texts[index] as string;
      let same = true;
      for (let j = 0; j < BLOCK && same; j++) same = codes[(slot + j) % BLOCK] === pattern.charCodeAt(offset + j);
      if (same) extend(text, pattern, wholeOnly[index] === true, offset, places[slot] as number, i, add);
    }
  }
}

/** Grows a block found at text[start..end] (inclusive) into the longest run of the pattern around it. */
function extend(
  text: string,
  pattern: string,
  wholeOnly: boolean,
  offset: number,
  start: number,
  end: number,
  add: (start: number, end: number) => void,
): void {
  let right = offset + BLOCK;
  let to = end + 1;
  for (let at = to; right < pattern.length && at < text.length;) {
    const skip = ignorableWidth(text, at);
    if (skip > 0) {
      at += skip;
      continue;
    }
    if (fold(text.charCodeAt(at)) !== pattern.charCodeAt(right)) break;
    right++;
    to = ++at;
  }
  let left = offset;
  let from = start;
  for (let at = start - 1; left > 0 && at >= 0;) {
    const code = text.charCodeAt(at);
    // A low surrogate ends an astral character: step back over the pair at once.
    const back = code >= 0xdc00 && code <= 0xdfff && at > 0 ? 2 : 1;
    if (ignorableWidth(text, at - back + 1) === back) {
      at -= back;
      continue;
    }
    if (fold(code) !== pattern.charCodeAt(left - 1)) break;
    left--;
    from = at--;
  }
  const length = right - left;
  if (wholeOnly ? length === pattern.length : length >= FRAGMENT) add(from, to);
}

function findTiny(text: string, tiny: readonly string[], add: (start: number, end: number) => void): void {
  const lower = text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  for (const pattern of tiny) {
    for (let at = lower.indexOf(pattern); at >= 0; at = lower.indexOf(pattern, at + 1)) add(at, at + pattern.length);
  }
}
