// The verdict a run on the queue leaves for the next one: a notice annotation of its job, which
// the next run reads back through GitHub's check-run annotations. One line a person can read in the
// run's annotations and the next run can parse: the job that left it and the queue it is about,
// then the verdict, as `name=value` pairs named after the outputs they become.
//
//   title:   merge-queue-status verdict
//   message: Left for the next run of this job to compare: job=alert repo=acme/widgets target-branch=main
//            ready=false not-ready-reasons=queue_paused,testing_overdue unhealthy-since=2026-11-20T10:00:00Z
//
// Only values the action computed go in (a boolean, its own reason codes, a time it worked out),
// the queue the inputs named and the job's id the runner set (GITHUB_JOB, checked). Read back, the
// text is GitHub's: untrusted, so every value is checked and anything else makes it no record at all.
import { isoSeconds, parseTimestamp } from '../shared/time.js';
import type { RecordKey, VerdictRecord } from './alerts.js';

/** The annotation's title: how the next run finds the record among the job's other annotations. */
export const RECORD_TITLE = 'merge-queue-status verdict';
const PREFIX = 'Left for the next run of this job to compare:';

/** A reason code as the action writes them: lowercase words joined by underscores. */
const CODE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
/** `owner/name` as GitHub allows them. */
const REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
/** A job's id in its workflow, as GitHub allows them: a letter or `_`, then letters, digits, `-` and `_`. */
export const JOB_ID = /^[A-Za-z_][A-Za-z0-9_-]{0,99}$/;

// A branch name cannot hold white space, but a record must survive any: a value is one token.
const encode = (value: string) => value.replace(/[%\s]/g, (c) => encodeURIComponent(c));
function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function formatVerdictRecord(record: VerdictRecord): { title: string; message: string } {
  const since = record.unhealthySinceMs === undefined ? '' : isoSeconds(record.unhealthySinceMs);
  const pairs = [
    ['job', record.job],
    ['repo', record.repo],
    ['target-branch', record.branch],
    ['ready', String(record.ready)],
    ['not-ready-reasons', record.reasons.join(',')],
    ['unhealthy-since', since],
  ];
  return { title: RECORD_TITLE, message: `${PREFIX} ${pairs.map(([k, v]) => `${k}=${encode(v ?? '')}`).join(' ')}` };
}

/**
 * The record in an annotation, when it is one, left by this job (the same id) and about this queue
 * (the same repository, in any case, and the same branch); undefined for any other annotation, and
 * for a record that does not read right.
 */
export function parseVerdictRecord(
  annotation: { title?: string | null; message?: string | null },
  key: RecordKey,
): VerdictRecord | undefined {
  if (annotation.title !== RECORD_TITLE || typeof annotation.message !== 'string') return undefined;
  const values = new Map<string, string>();
  for (const token of annotation.message.trim().split(/\s+/)) {
    const at = token.indexOf('=');
    const value = at > 0 ? decode(token.slice(at + 1)) : undefined;
    if (value !== undefined && !values.has(token.slice(0, at))) values.set(token.slice(0, at), value);
  }
  const job = values.get('job');
  const repo = values.get('repo');
  const branch = values.get('target-branch');
  const ready = values.get('ready');
  const reasons = values.get('not-ready-reasons')?.split(',').filter(Boolean) ?? [];
  const since = values.get('unhealthy-since') ?? '';
  if (job === undefined || !JOB_ID.test(job) || job !== key.job) return undefined;
  if (repo === undefined || !REPO.test(repo) || repo.toLowerCase() !== key.repo.toLowerCase()) return undefined;
  if (branch !== key.branch || (ready !== 'true' && ready !== 'false')) return undefined;
  if (!reasons.every((code) => CODE.test(code)) || (ready === 'true') !== (reasons.length === 0)) return undefined;
  const unhealthySinceMs = since === '' ? undefined : parseTimestamp(since);
  if (since !== '' && unhealthySinceMs === undefined) return undefined;
  return {
    repo: key.repo,
    branch,
    job,
    ready: ready === 'true',
    reasons,
    ...(unhealthySinceMs === undefined || ready === 'true' ? {} : { unhealthySinceMs }),
  };
}
