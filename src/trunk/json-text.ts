// The exact text of one value inside a JSON document. The outputs pass Trunk's answers on as sent
// (`pr-json`, `queue-json`, `priority-value`): re-serialising the parsed value would reorder keys,
// drop duplicates, round 9007199254740993 and turn `1.50` into `1.5`. Iterative, so a body nested
// thousands of levels deep costs time, never the stack.

export type JsonPath = ReadonlyArray<string | number>;

/**
 * The text of the value at `path` in `text`, a document JSON.parse has accepted; undefined when
 * the path is absent. Where an object repeats a key, the last one counts, as in JSON.parse.
 */
export function rawJsonAt(text: string, path: JsonPath): string | undefined {
  let start = skipSpace(text, 0);
  for (const step of path) {
    const found = typeof step === 'number' ? elementAt(text, start, step) : memberAt(text, start, step);
    if (found === undefined) return undefined;
    start = found;
  }
  return text.slice(start, valueEnd(text, start));
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && ' \t\n\r\uFEFF'.includes(text.charAt(at))) at++;
  return at;
}

/** Where the string starting at `at` (its opening quote) ends, after its closing quote. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === 34 /* " */) return i + 1;
  }
  return text.length;
}

/** Where the value starting at `at` ends. */
function valueEnd(text: string, at: number): number {
  const first = text.charAt(at);
  if (first === '"') return stringEnd(text, at);
  if (first !== '{' && first !== '[') {
    let i = at;
    while (i < text.length && !',}] \t\n\r'.includes(text.charAt(i))) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '"') i = stringEnd(text, i) - 1;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

function memberAt(text: string, at: number, key: string): number | undefined {
  if (text.charAt(at) !== '{') return undefined;
  let found: number | undefined;
  let i = skipSpace(text, at + 1);
  while (text.charAt(i) === '"') {
    const keyEnd = stringEnd(text, i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    if (name === key) found = valueStart;
    i = skipSpace(text, valueEnd(text, valueStart));
    if (text.charAt(i) === ',') i = skipSpace(text, i + 1);
  }
  return found;
}

function elementAt(text: string, at: number, index: number): number | undefined {
  if (text.charAt(at) !== '[') return undefined;
  let i = skipSpace(text, at + 1);
  for (let n = 0; i < text.length && text.charAt(i) !== ']'; n++) {
    if (n === index) return i;
    i = skipSpace(text, valueEnd(text, i));
    if (text.charAt(i) === ',') i = skipSpace(text, i + 1);
  }
  return undefined;
}
