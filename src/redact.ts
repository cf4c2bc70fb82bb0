// Cuts the API token out of text that came from outside: error bodies, response bodies, echoed
// URLs. A server may echo the token back in any letter case and in the spelling of its format,
// even mixed within one echo (a JSON \u escape for one character, an HTML entity for the next,
// percent-encoding for a third), so the pattern lets each character take any of its spellings.
// Runs of the token's letters and digits, which most spellings leave as they are, are cut too, in
// case only part of the token comes back: no eleven of them in a row survive. All of it happens before anything
// is shortened, escaped or encoded: after that, a fragment could survive that no pattern matches.

export const REDACTED = '***';

export interface Redactor {
  /** The text without any spelling of the token. */
  text(value: string): string;
  /** A parsed JSON value with the token cut out of every string in it, keys included. */
  json(value: unknown): unknown;
}

/** The shortest run of the token's letters and digits that is cut wherever it appears. */
const MIN_RUN = 8;
const STEP = 4;

export function createRedactor(secret: string): Redactor {
  if (!secret) return { text: (value) => value, json: (value) => value };
  // Stretches of MIN_RUN of the token's letters and digits, starting every STEP characters: any
  // part of a run of MIN_RUN + STEP - 1 or more contains one, so part of a run is caught too,
  // with a quarter of the alternatives every start would need.
  const stretches = new Set<string>();
  for (const run of secret.match(new RegExp(`[A-Za-z0-9]{${MIN_RUN},}`, 'g')) ?? []) {
    for (let at = 0; at < run.length; at += STEP) {
      const from = Math.min(at, run.length - MIN_RUN);
      stretches.add(run.slice(from, from + MIN_RUN));
    }
  }
  const whole = [...secret].map(spellingsOf).join('');
  const pattern = new RegExp([whole, ...stretches].join('|'), 'gi');
  const text = (value: string) => value.replace(pattern, REDACTED);
  const json = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(json);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [text(key), json(item)]));
    }
    return value;
  };
  return { text, json };
}

const NAMED_ENTITIES: Record<string, string[]> = {
  '&': ['&amp;'],
  '<': ['&lt;'],
  '>': ['&gt;'],
  '"': ['&quot;'],
  "'": ['&apos;'],
};

/** One character as a regular expression that matches it in any spelling a format gives it. */
function spellingsOf(char: string): string {
  const code = char.charCodeAt(0);
  const hex = code.toString(16);
  const spellings = [
    escapeRegExp(char),
    `\\\\u0*${hex}`, // JSON, JavaScript
    `&#0*${code};`, // HTML, decimal
    `&#x0*${hex};`, // HTML, hexadecimal
    `%${hex.padStart(2, '0')}`, // URLs
    ...(NAMED_ENTITIES[char] ?? []),
    ...(`"\\/`.includes(char) ? [escapeRegExp(`\\${char}`)] : []), // JSON's short escapes
  ];
  return `(?:${spellings.join('|')})`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
