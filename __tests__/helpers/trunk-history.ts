// Reading the simulator's history as a client would, for the simulator's history tests: v2 GETs
// with its key, every page of a list, v1 POSTs, and trips worked out here from transitions by the
// contract's definition (not by the simulator's own code), to check its answers against.
import { SIM_API_KEY, SIM_TOKEN } from '../../simulator/server.mjs';

export type Json = Record<string, unknown>;
export interface Transition {
  pullRequestId: string;
  state: string;
  changedAt: string;
  reason: string | null;
  [detail: string]: unknown;
}
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  hasMore: boolean;
  total?: number;
}
export interface Answer<T> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** A v2 GET with the simulator's key (or these headers); the body parsed when it is JSON. */
export async function v2Get<T = Json>(
  base: string,
  path: string,
  headers: Record<string, string> = { authorization: `Bearer ${SIM_API_KEY}` },
): Promise<Answer<T>> {
  const response = await fetch(`${base}${path}`, { headers });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body: body as T, text, headers: response.headers };
}

/** Every item of a v2 list, following nextCursor from `path` (which has its own query), or from `from`. */
export async function allPages<T>(base: string, path: string, from?: string): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let pages = 0;
  let cursor: string | null = from ?? null;
  do {
    const next: string = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path;
    const answer: Answer<Page<T>> = await v2Get<Page<T>>(base, next);
    if (answer.status !== 200) throw new Error(`${next}: ${answer.status} ${answer.text}`);
    items.push(...answer.body.data);
    cursor = answer.body.nextCursor;
    pages++;
  } while (cursor);
  return { items, pages };
}

/** A v1 POST with the simulator's token; the body parsed when it is JSON. */
export async function v1Post<T = Json>(base: string, endpoint: string, body: unknown): Promise<Answer<T>> {
  const response = await fetch(`${base}/v1/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-token': SIM_TOKEN },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  return { status: response.status, body: (json ? JSON.parse(text) : text) as T, text, headers: response.headers };
}

export const REPO = { host: 'github.com', owner: 'octo-org', name: 'octo-repo' };

/**
 * v1's metrics with the simulator's token (or this one), the body read: a body left unread keeps
 * its connection, and a test worker, alive after the simulator closes.
 */
export async function v1Metrics(
  base: string,
  query = `repo=${REPO.owner}/${REPO.name}&repoHost=${REPO.host}`,
  token = SIM_TOKEN,
): Promise<Omit<Answer<never>, 'body'>> {
  const response = await fetch(`${base}/v1/getMergeQueueMetrics?${query}`, { headers: { 'x-api-token': token } });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

export interface Trip {
  startMs?: number;
  endMs: number;
  end: string;
  reason: string | null;
  checks: string[];
  /** The checks its failure names, with their links as Trunk sent them. */
  failingChecks: Array<{ name: string; url: string | null }>;
}

/** The contract's trips: from the first pending after notReady to merged, failed or cancelled. */
export function tripsOf(transitions: Transition[]): Trip[] {
  const trips: Trip[] = [];
  let startMs: number | undefined;
  for (const t of transitions) {
    if (t.state === 'pending' && startMs === undefined) startMs = Date.parse(t.changedAt);
    if (t.state === 'merged' || t.state === 'failed' || t.state === 'cancelled') {
      const failed = t.failed as { failureCausingChecks?: Array<{ name: string; url?: string | null }> } | undefined;
      const failingChecks = (failed?.failureCausingChecks ?? []).map((c) => ({ name: c.name, url: c.url ?? null }));
      const checks = failingChecks.map((c) => c.name);
      trips.push({ startMs, endMs: Date.parse(t.changedAt), end: t.state, reason: t.reason, checks, failingChecks });
      startMs = undefined;
    }
  }
  return trips;
}

/** failed ÷ (merged + failed) × 100, as the contract defines the failure rate. */
export function failureRate(trips: Trip[]): number {
  const failed = trips.filter((t) => t.end === 'failed').length;
  const merged = trips.filter((t) => t.end === 'merged').length;
  return (failed / (merged + failed)) * 100;
}

/** The nearest-rank percentile of some numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
