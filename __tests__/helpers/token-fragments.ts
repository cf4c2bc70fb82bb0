// The contract's rule about credentials, checked from outside: no 12-character fragment of the
// token, in any letter case, in the text as written or in any reading of it with escapes undone.
// The tests build their own decoders rather than borrow the redactor's, and read the text every
// way they can: each kind of escape alone, all of them in one pass, and again on each result, so a
// spelling that one order of decoding hides shows up in another.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const SHORT: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const char = (code: number) => (code <= 0x10ffff ? String.fromCodePoint(code) : '');

const DECODERS: Array<[RegExp, (match: string, ...groups: string[]) => string]> = [
  [/\\u([0-9a-f]{4})/gi, (_, hex) => char(parseInt(hex as string, 16))],
  [/\\u\{([0-9a-f]{1,6})\}/gi, (_, hex) => char(parseInt(hex as string, 16))],
  [/\\x([0-9a-f]{2})/gi, (_, hex) => char(parseInt(hex as string, 16))],
  [/\\(["\\/'bfnrt])/g, (_, c) => SHORT[c as string] ?? (c as string)],
  [/&#x0*([0-9a-f]{1,6});?/gi, (_, hex) => char(parseInt(hex as string, 16))],
  [/&#0*(\d{1,7});?/g, (_, dec) => char(Number(dec))],
  [/&(amp|lt|gt|quot|apos);/gi, (_, name) => NAMED[(name as string).toLowerCase()] ?? ''],
  [/%([0-9a-f]{2})/gi, (_, hex) => char(parseInt(hex as string, 16))],
];
const ALL = new RegExp(DECODERS.map(([re]) => `(${re.source})`).join('|'), 'gi');
const WHOLE = DECODERS.map(([re, to]) => [new RegExp(`^(?:${re.source})$`, re.flags.replace('g', '')), to] as const);

/** One pass with every kind of escape undone at once, as a single decoder would read it. */
function decodeAll(text: string): string {
  return text.replace(ALL, (match) => {
    for (const [re, to] of WHOLE) {
      const m = re.exec(match);
      if (m) return to(match, ...m.slice(1));
    }
    return match;
  });
}

/** The text and its readings with escapes undone, up to `depth` rounds deep. */
export function readings(text: string, depth = 3): Set<string> {
  const seen = new Set([text]);
  let frontier = [text];
  for (let round = 0; round < depth && frontier.length > 0; round++) {
    const next: string[] = [];
    for (const t of frontier) {
      for (const decoded of [decodeAll(t), ...DECODERS.map(([re, to]) => t.replace(re, to))]) {
        if (!seen.has(decoded)) {
          seen.add(decoded);
          next.push(decoded);
        }
      }
    }
    frontier = next;
  }
  return seen;
}

/** Every 12-character fragment of `token` that some reading of `text` still holds. */
export function fragmentsLeft(text: string, token: string, length = 12): string[] {
  const lower = token.toLowerCase();
  const texts = [...readings(text)].map((t) => t.toLowerCase());
  const left = new Set<string>();
  for (let at = 0; at + length <= lower.length; at++) {
    const fragment = lower.slice(at, at + length);
    if (texts.some((t) => t.includes(fragment))) left.add(fragment);
  }
  return [...left];
}
