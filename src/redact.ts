// Cuts the API token out of text that came from outside: error bodies, response bodies, echoed
// URLs. A server may echo the token back in any letter case and in the spelling of its format
// (JSON escapes, HTML entities, percent-encoding), so every spelling is cut, before anything is
// shortened, escaped or encoded: after that, a fragment could survive that no pattern matches.

export const REDACTED = '***';

export interface Redactor {
  /** The text without any spelling of the token. */
  text(value: string): string;
  /** A parsed JSON value with the token cut out of every string in it, keys included. */
  json(value: unknown): unknown;
}

export function createRedactor(secret: string): Redactor {
  if (!secret) return { text: (value) => value, json: (value) => value };
  const spellings = new Set([
    secret,
    JSON.stringify(secret).slice(1, -1),
    JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
    secret.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
    secret.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c),
    encodeURIComponent(secret),
  ]);
  // Longest first, so a spelling that contains another is cut whole.
  const alternatives = [...spellings].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(alternatives.join('|'), 'gi');
  const lowered = [...spellings].map((spelling) => spelling.toLowerCase());
  // A 5,000-entry queue is megabytes of text that almost never holds the token: look before replacing.
  const text = (value: string) => {
    const haystack = value.toLowerCase();
    return lowered.some((spelling) => haystack.includes(spelling)) ? value.replace(pattern, REDACTED) : value;
  };
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

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
