// A report fitted into a limit, for the two places GitHub sets one: a job summary over 1 MiB is
// dropped by the runner whole, and a comment over 65,536 characters is refused. The longest
// tables, folded sections and lists go first (what they held is in the step's outputs, which
// every report also writes), then, if that is not enough, the end; a line at the end says so.

/** What a limit counts, and what a reader is told when something had to go. */
export interface Limit {
  max: number;
  /** The size of a text as the limit counts it: characters, or UTF-8 bytes. */
  size: (text: string) => number;
  /** What it is fitted to, and where the rest is: "a comment", "the job's summary has". */
  fit: string;
  keeper: string;
}

/**
 * A list without a list inside it (so that a nested one goes before the one holding it), a table,
 * or a folded section.
 */
const BLOCKS = /<details>[\s\S]*?<\/details>|<table>[\s\S]*?<\/table>|<ul>(?:(?!<ul>)[\s\S])*?<\/ul>/g;

/** GitHub drops a step's summary over 1 MiB (1,048,576 bytes) whole; this stays under it. */
const SUMMARY: Limit = {
  max: 1_000_000,
  size: (text) => Buffer.byteLength(text),
  fit: "GitHub's 1 MiB limit for a job summary",
  keeper: "the step's outputs and its log have",
};

/** The job summary within GitHub's limit. */
export function summaryFitted(html: string): string {
  return fitted(html, SUMMARY);
}

/** `html` within the limit: the longest blocks left out first, then the end cut at a line's end. */
export function fitted(html: string, limit: Limit): string {
  if (limit.size(html) <= limit.max) return html;
  let text = html;
  let dropped = 0;
  // Room for the note, which is short.
  const room = limit.max - limit.size(note(Number.MAX_SAFE_INTEGER, true, limit));
  while (limit.size(text) > room) {
    const longest = [...text.matchAll(BLOCKS)].sort((a, b) => b[0].length - a[0].length)[0];
    if (!longest || longest.index === undefined) break;
    text = `${text.slice(0, longest.index)}${text.slice(longest.index + longest[0].length)}`;
    dropped++;
  }
  const cut = limit.size(text) > room;
  if (cut) text = `${endAtLine(text, room, limit.size)}\n`;
  return `${text}${note(dropped, cut, limit)}`;
}

/** The longest start of `text` that ends at a line's end and fits `room`. */
function endAtLine(text: string, room: number, size: (text: string) => number): string {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (size(text.slice(0, middle)) <= room) low = middle;
    else high = middle - 1;
  }
  const line = text.lastIndexOf('\n', low);
  return text.slice(0, line > 0 ? line : low);
}

/**
 * The closing line of a fitted report: "ℹ️ The 2 longest tables or lists were left out, and the end
 * was cut, to fit a comment; the job's summary has them."; empty when nothing was.
 */
function note(dropped: number, cut: boolean, { fit, keeper }: Limit): string {
  if (dropped === 0 && !cut) return '';
  const blocks =
    dropped === 0
      ? ''
      : dropped === 1
        ? 'The longest table or list was'
        : `The ${dropped} longest tables or lists were`;
  const what = cut ? (blocks ? `${blocks} left out, and the end was cut,` : 'The end was cut') : `${blocks} left out`;
  return `<p>ℹ️ ${what} to fit ${fit}; ${keeper} ${dropped + (cut ? 1 : 0) === 1 ? 'it' : 'them'}.</p>\n`;
}
