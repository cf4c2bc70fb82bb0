// Credentials planted in the simulator's answers, and the search for what of them got out. The
// planting is generic: every answer any API of the simulator sends whole (a body, JSON or not,
// and its headers) is walked, so an endpoint added later is covered without a line here. The
// search is the contract's rule made strict: no run of 6 characters of a credential's secret part
// (what follows a known prefix such as `trunk_v2_` or `ghs_`), in any letter case, in the text as
// written, with its punctuation and spaces taken out, with its escapes undone, or base64-decoded.
import type { Answer } from '../../simulator/server.mjs';
import { readings } from './token-fragments.js';

/** A credential of the run, and the part of it that is secret. */
export interface Credential {
  value: string;
  secret: string;
}

/** Every way a credential is spelled where it is planted; the names are the report's. */
export const SPELLINGS = {
  'as is': (c: string) => c,
  'upper case': (c: string) => c.toUpperCase(),
  'lower case': (c: string) => c.toLowerCase(),
  'mixed case': (c: string) => [...c].map((ch, i) => (i % 3 === 1 ? ch.toUpperCase() : ch.toLowerCase())).join(''),
  'camelCase enum': (c: string) => c.replace(/_(.)/g, (_, ch: string) => ch.toUpperCase()),
  base64: (c: string) => b64(c),
  'base64, URL-safe': (c: string) => Buffer.from(c).toString('base64url'),
  'base64 of Bearer <key>': (c: string) => b64(`Bearer ${c}`),
  'base64 of token <key>': (c: string) => b64(`token ${c}`),
  'base64 of x:<key>, URL-safe': (c: string) => Buffer.from(`x:${c}`).toString('base64url'),
  'base64 of ab<key>': (c: string) => b64(`ab${c}`),
  'split by a line break every 11': (c: string) => every(c, 11, '\n'),
  'split by CRLF every 5': (c: string) => every(c, 5, '\r\n'),
  'split by a space every 3': (c: string) => every(c, 3, ' '),
  'split by a tab every 7': (c: string) => every(c, 7, '\t'),
  'split by zero-width spaces': (c: string) => every(c, 1, '\u200b'),
  'split by soft hyphens every 2': (c: string) => every(c, 2, '\u00ad'),
  'split by word joiners every 4': (c: string) => every(c, 4, '\u2060'),
  'inside bidi overrides, split by ZWNJ': (c: string) => `\u202e${every(c, 6, '\u200c')}\u202c`,
  'split by a BOM every 9': (c: string) => every(c, 9, '\ufeff'),
  'JSON \\u escapes, as text': (c: string) => [...c].map((ch) => `\\u${hex4(ch)}`).join(''),
  'HTML numeric entities': (c: string) => [...c].map((ch) => `&#${ch.charCodeAt(0)};`).join(''),
  'percent-encoded': (c: string) => [...c].map((ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
  'percent-encoded, split by %E2%80%8B': (c: string) => every(c, 4, '%E2%80%8B'),
} as const satisfies Record<string, (credential: string) => string>;
export type Spelling = keyof typeof SPELLINGS;
export const SPELLING_NAMES = Object.keys(SPELLINGS) as Spelling[];
/**
 * Written into the JSON text itself rather than into a value: the value the action parses is then
 * the credential as is, and the body's text spells it in escapes.
 */
export const RAW_JSON_ESCAPES = 'JSON \\u escapes in the body text';

function b64(text: string): string {
  return Buffer.from(text).toString('base64');
}
function every(text: string, n: number, separator: string): string {
  return (text.match(new RegExp(`[^]{1,${n}}`, 'g')) ?? []).join(separator);
}
function hex4(ch: string): string {
  return ch.charCodeAt(0).toString(16).padStart(4, '0');
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}

/** A small seeded generator: the planting is part of a case, so the same case plants the same. */
export function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/**
 * One case's planting: every field no earlier case planted (so that every field is, once), and
 * each other field by chance, so that most later cases plant a few and the run goes on past them.
 */
export interface Plan {
  credentials: Credential[];
  /** The chance a field some case planted already is planted again. */
  density: number;
  seed: number;
  /**
   * Only these endpoints' answers are planted: a read the action makes only after others went well
   * (the merged-PR list after the compare, the annotations after the jobs) is reached every time.
   */
  only?: readonly string[];
}

/** Every field seen and every field planted, over all cases: "every field" is checked, not hoped for. */
export class Coverage {
  readonly seen = new Set<string>();
  readonly planted = new Set<string>();
  readonly spellings = new Set<string>();
  missing(): string[] {
    return [...this.seen].filter((field) => !this.planted.has(field)).sort();
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Step = { kind: 'value' | 'key'; path: Array<string | number>; name: string };

/** The simulator's `rewrite`: plants the plan's credentials in the answers, and records what it did. */
export function planter(
  plan: Plan,
  coverage: Coverage,
): (answer: Answer) => { headers: Record<string, string>; body: string } {
  // Each answer draws from its own generator, seeded by the case and the answer itself: answers
  // sent in parallel are planted alike whichever is served first.
  let next = random(plan.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const credential = () => pick(plan.credentials).value;
  /** An error's fields are all planted: an error body is short, and quoted, clipped, in a message. */
  let density = plan.density;
  /** Whether to plant this field: always when no case has, else by chance. */
  const choose = (field: string) => {
    coverage.seen.add(field);
    if (coverage.planted.has(field) && next() >= density) return false;
    coverage.planted.add(field);
    return true;
  };
  /** The credential in a spelling; in a header, one HTTP allows there (printable ASCII and tabs). */
  const spell = (forHeader: boolean) => {
    const value = credential();
    const names = SPELLING_NAMES.filter((name) => !forHeader || /^[\t\x20-\x7e]*$/.test(SPELLINGS[name](value)));
    const name = pick(names);
    coverage.spellings.add(name);
    return SPELLINGS[name](value);
  };
  /**
   * A planted value: the credential alone (an enum becomes it), inside the text that was there, or
   * across a place where a message clips what it quotes, 11 characters of it before the cut.
   */
  const planted = (was: Json, forHeader = false) => {
    const text = spell(forHeader);
    const how = density === 1 ? next() * 0.4 + 0.6 : next();
    if (how < 0.4) return text;
    if (how < 0.7 || forHeader) {
      const around = typeof was === 'string' ? was : String(was);
      const at = Math.floor(next() * (around.length + 1));
      return `${around.slice(0, at)}${text}${around.slice(at)}`;
    }
    return `${'x'.repeat(pick(CLIPS))}${text}`;
  };

  return ({ endpoint, status, headers, body }) => {
    if (plan.only && !plan.only.includes(endpoint)) return { headers, body };
    next = random(plan.seed ^ hash(`${endpoint} ${status} ${body}`));
    const where = `${endpoint} ${status === 200 ? '' : 'error '}`;
    density = status === 200 ? plan.density : 1;
    const outHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const keep = name === 'content-length' || name === 'content-type' || !choose(`${where}header ${name}`);
      outHeaders[name] = keep ? value : planted(value, true);
    }
    let parsed: Json;
    try {
      parsed = JSON.parse(body) as Json;
    } catch {
      return { headers: outHeaders, body: choose(`${where}text body`) ? planted(body) : body };
    }
    let escapes: string | undefined;
    const rewritten = walk(parsed, (step, value) => {
      if (!choose(`${where}${step.kind} ${step.name}`)) return undefined;
      if (step.kind === 'value' && escapes === undefined && next() < 0.15) {
        escapes = credential();
        coverage.spellings.add(RAW_JSON_ESCAPES);
        return PLACEHOLDER;
      }
      return planted(value);
    });
    let text = JSON.stringify(rewritten);
    if (escapes !== undefined) text = text.replace(PLACEHOLDER, [...escapes].map((ch) => `\\u${hex4(ch)}`).join(''));
    return { headers: outHeaders, body: text };
  };
}

/**
 * Where messages clip a text they quote (a body, a header, a status line), less 11 characters: the
 * most of a credential that a cut can leave that the exit's 12-character rule cannot see. Most
 * messages quote 200 characters.
 */
const CLIPS = [40, 60, 100, 200, 200, 200, 500].map((at) => at - 11);

/** Stands in for the escapes until the body is text: letters JSON.stringify leaves as they are. */
const PLACEHOLDER = 'zzPlantedEscapesZz';

/**
 * A copy of `value` with `plant` asked about every key and every value that is not an object or an
 * array; its answer replaces the value (or the key, which keeps its value), undefined keeps it.
 */
function walk(
  value: Json,
  plant: (step: Step, value: Json) => string | undefined,
  path: Array<string | number> = [],
): Json {
  const name = (more: Array<string | number>) => more.map((part) => (typeof part === 'number' ? '[]' : part)).join('.');
  if (Array.isArray(value)) return value.map((item, i) => walk(item, plant, [...path, i]));
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(value)) {
      const inner = walk(item, plant, [...path, key]);
      const renamed = plant({ kind: 'key', path: [...path, key], name: name([...path, key]) }, key);
      // A key renamed is a key added: the field the action reads is still there beside it.
      out[key] = inner;
      if (renamed !== undefined) out[renamed] = inner;
    }
    return out;
  }
  return plant({ kind: 'value', path, name: name(path) || '(the body)' }, value) ?? value;
}

/** What got out: a description of each leak of any credential in `text`; none when it held. */
export function leaks(text: string, credentials: readonly Credential[]): string[] {
  const found: string[] = [];
  const views = textViews(text);
  for (const { secret } of credentials) {
    const runs = new Set<string>();
    const lower = secret.toLowerCase();
    for (let at = 0; at + 6 <= lower.length; at++) runs.add(lower.slice(at, at + 6));
    for (const [how, view] of views) {
      const run = [...runs].find((piece) => view.includes(piece));
      if (run) found.push(`"${run}" of ${secret.slice(0, 4)}… ${how}, in: ${text.slice(0, 200)}`);
    }
  }
  return found;
}

/** The text as a person or a tool could read it. */
function textViews(text: string): Array<[string, string]> {
  const lower = text.toLowerCase();
  const views: Array<[string, string]> = [
    ['as written', lower],
    ['with punctuation, spaces and invisible characters left out', lower.replace(/[^a-z0-9]/g, '')],
  ];
  for (const reading of readings(text, 2))
    if (reading !== text) views.push(['with escapes undone', reading.toLowerCase()]);
  const compact = text.replace(/\s+/g, '');
  for (const run of compact.match(/[A-Za-z0-9+/=_-]{8,}/g) ?? []) {
    const standard = run.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    for (let skip = 0; skip < 4; skip++) {
      views.push(['base64-decoded', Buffer.from(standard.slice(skip), 'base64').toString('latin1').toLowerCase()]);
    }
  }
  return views;
}
