// The queue's two tables, as both summaries show them (the PR's and the queue's own): its entries,
// a window of them when the line is long, and its settings. Pure. A column is shown only when it
// carries something for the rows listed: through v2 the order names each PR but not its priority
// or author, and a column of dashes with one value in it says nothing.
import { duration, grouped } from '../shared/format.js';
import { escapeHtml, orDash, row } from './html.js';
import type { PrFacts, QueueEntry, QueueFacts } from '../core/model.js';
import { parseTimestamp } from '../shared/time.js';

/** Entry rows at most; a PR further down shows with a few rows around it. */
export const MAX_ENTRY_ROWS = 50;
/** Rows shown on each side of the PR's own row when it is further down than the first rows. */
const AROUND = 2;
const MAX_LISTED_STATUSES = 20;

export interface EntriesTableInput {
  queue: QueueFacts;
  nowMs: number;
  /** The PR's number linked to its page: the label is HTML already. */
  link: (prNumber: number, labelHtml: string) => string;
  /** The PR a summary is about: its row is marked, and takes the PR's own facts where the line has none. */
  own?: { number: number; position?: number; facts?: PrFacts };
}

/** The rows to show: the first ones, and the PR's own with a few around it when it is further down. */
export function entryWindow(length: number, position: number | undefined): Array<[number, number]> {
  if (length <= MAX_ENTRY_ROWS || position === undefined || position <= MAX_ENTRY_ROWS - AROUND) {
    return [[0, Math.min(length, MAX_ENTRY_ROWS)]];
  }
  const from = Math.max(position - 1 - AROUND, 0);
  const to = Math.min(position + AROUND, length);
  // The gap between the two is at least two rows: a "1 more" line would hide no more than it shows.
  return [
    [0, Math.min(MAX_ENTRY_ROWS - (to - from), from - 2)],
    [from, to],
  ];
}

interface Column {
  title: string;
  cell: (entry: QueueEntry, place: number, mine: boolean) => string;
  /** Whether the entry has a value here; a column always shown has none. */
  has?: (entry: QueueEntry) => boolean;
}

export function entriesTable(input: EntriesTableInput): string {
  const { queue, own } = input;
  const { entries } = queue;
  if (entries.length === 0) return '<p>The queue is empty.</p>';
  const shown: Array<{ entry: QueueEntry; place: number } | { gap: number }> = [];
  let shownTo = 0;
  for (const [from, to] of entryWindow(entries.length, own?.position)) {
    if (from > shownTo) shown.push({ gap: from - shownTo });
    entries.slice(from, to).forEach((entry, i) => shown.push({ entry: withOwnFacts(entry, own), place: from + i + 1 }));
    shownTo = to;
  }
  if (queue.length > shownTo) shown.push({ gap: queue.length - shownTo });

  const rows = shown.flatMap((item) => ('entry' in item ? [item] : []));
  const columns = columnsFor(input).filter(({ has }) => {
    if (!has) return true;
    const carried = rows.filter(({ entry }) => has(entry)).length;
    return carried > 1 || (carried === 1 && rows.length === 1);
  });
  const header = `<tr>${columns.map(({ title }) => `<th>${title}</th>`).join('')}</tr>`;
  const body = shown.map((item) => {
    if ('gap' in item) return `<tr><td colspan="${columns.length}">… ${grouped(item.gap)} more</td></tr>`;
    const mine = item.entry.number === own?.number;
    return `<tr>${columns.map(({ cell }) => `<td>${cell(item.entry, item.place, mine) || '—'}</td>`).join('')}</tr>`;
  });
  const parallel =
    queue.mode === 'parallel'
      ? '<p>Parallel mode: this list is the order the queue considers PRs in, not a strict line; several PRs can be next at once.</p>'
      : '';
  return `<h3>Entries</h3><table>${header}${body.join('')}</table>${parallel}`;
}

function columnsFor({ link, nowMs }: EntriesTableInput): Column[] {
  return [
    { title: '#', cell: (_, place, mine) => (mine ? `👉 ${grouped(place)}` : grouped(place)) },
    {
      title: 'PR',
      cell: (entry, _, mine) => {
        const label = `#${escapeHtml(entry.number)}${entry.title === undefined ? '' : ` ${escapeHtml(entry.title)}`}`;
        return link(entry.number, mine ? `<b>${label}</b>` : label);
      },
    },
    { title: 'State', cell: (entry) => escapeHtml(entry.state) },
    { title: 'Priority', cell: (entry) => orDash(entry.priorityName), has: (entry) => !!entry.priorityName },
    { title: 'Author', cell: (entry) => orDash(entry.author), has: (entry) => !!entry.author },
    {
      title: 'Since',
      cell: (entry) => sinceCell(entry.stateChangedAt, nowMs),
      has: (entry) => !!entry.stateChangedAt,
    },
  ];
}

/** An API whose line carries less about each PR (v2's order) still knows the PR's own facts. */
function withOwnFacts(entry: QueueEntry, own: EntriesTableInput['own']): QueueEntry {
  const facts = own?.facts;
  if (!facts || entry.number !== own.number) return entry;
  return {
    ...entry,
    title: entry.title ?? facts.title,
    author: entry.author ?? facts.author,
    priorityName: entry.priorityName ?? facts.priorityName,
    stateChangedAt: entry.stateChangedAt ?? facts.stateChangedAt,
  };
}

/** "30 min ago", or the time as reported when it cannot be read. */
function sinceCell(reported: string | undefined, nowMs: number): string {
  if (reported === undefined) return '—';
  const ms = parseTimestamp(reported);
  return ms === undefined ? escapeHtml(reported) : `${duration((nowMs - ms) / 1000)} ago`;
}

/** The queue's main settings, folded: reference rather than news. */
export function settingsTable(queue: QueueFacts): string {
  const { settings } = queue;
  const statuses = settings.requiredStatuses;
  const listed = (statuses ?? [])
    .slice(0, MAX_LISTED_STATUSES)
    .map((s) => escapeHtml(s))
    .join(', ');
  const more =
    statuses && statuses.length > MAX_LISTED_STATUSES
      ? ` and ${grouped(statuses.length - MAX_LISTED_STATUSES)} more`
      : '';
  const { batching } = settings;
  const batchingText = !batching
    ? '—'
    : batching.on
      ? `on (min size ${orDash(batching.minSize)}, max wait ${batching.maxWaitMinutes === undefined ? '—' : duration(batching.maxWaitMinutes * 60)})`
      : 'off';
  const timeout = queue.testingTimeoutMinutes;
  const rows = [
    row('Concurrency', orDash(settings.concurrency)),
    row('Testing timeout', timeout === undefined ? '—' : timeout > 0 ? duration(timeout * 60) : 'none'),
    row('Batching', batchingText),
    row('Merge method', orDash(settings.mergeMethod)),
    row('Required statuses', !statuses ? '—' : statuses.length ? listed + more : 'none'),
  ];
  return `<details><summary>Queue settings</summary><table>${rows.join('')}</table></details>`;
}
