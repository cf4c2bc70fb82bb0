// The verdict a run leaves as a notice annotation, and the next run's reading of it: the line as a
// person sees it, read back whole, and every other annotation (another job's record, another
// queue's, or a record that does not read right) taken for no record at all.
import { describe, expect, it } from '@jest/globals';
import type { VerdictRecord } from '../../src/core/alerts.js';
import { formatVerdictRecord, parseVerdictRecord, RECORD_TITLE } from '../../src/core/verdict-record.js';

const QUEUE = { repo: 'acme/widgets', branch: 'main', job: 'alert' };
const SINCE = Date.UTC(2026, 10, 20, 10, 0, 0);
const paused: VerdictRecord = {
  repo: 'acme/widgets',
  branch: 'main',
  job: 'alert',
  ready: false,
  reasons: ['queue_paused', 'testing_overdue'],
  unhealthySinceMs: SINCE,
};
const healthy: VerdictRecord = { repo: 'acme/widgets', branch: 'main', job: 'alert', ready: true, reasons: [] };
const message = (fields: string) => `Left for the next run of this job to compare: ${fields}`;
const read = (text: string, queue = QUEUE) => parseVerdictRecord({ title: RECORD_TITLE, message: text }, queue);

describe('formatVerdictRecord', () => {
  it('one line a person can read, the values named after the outputs', () => {
    expect(formatVerdictRecord(paused)).toEqual({
      title: 'merge-queue-status verdict',
      message: message(
        'job=alert repo=acme/widgets target-branch=main ready=false not-ready-reasons=queue_paused,testing_overdue unhealthy-since=2026-11-20T10:00:00Z',
      ),
    });
    expect(formatVerdictRecord(healthy).message).toBe(
      message('job=alert repo=acme/widgets target-branch=main ready=true not-ready-reasons= unhealthy-since='),
    );
  });

  it.each([
    ['a healthy queue', healthy],
    ['a paused one', paused],
    ['a branch with a percent sign and a space', { ...paused, branch: 'feat/100%  done' }],
    ['a branch with = in it', { ...healthy, branch: 'a=b' }],
    ['a job with - and _ in its id', { ...paused, job: 'queue-alert_hourly' }],
  ])('reads back whole: %s', (_, record) => {
    const { title, message: text } = formatVerdictRecord(record);
    const key = { repo: record.repo, branch: record.branch, job: record.job };
    expect(parseVerdictRecord({ title, message: text }, key)).toEqual(record);
  });
});

describe('parseVerdictRecord', () => {
  const fields =
    'job=alert target-branch=main ready=false not-ready-reasons=queue_paused unhealthy-since=2026-11-20T10:00:00Z';
  it.each<[string, { title?: string | null; message?: string | null }, VerdictRecord | undefined]>([
    [
      'another annotation of the job',
      { title: 'Deprecation', message: message(`repo=acme/widgets ${fields}`) },
      undefined,
    ],
    ['no title', { title: null, message: message(`repo=acme/widgets ${fields}`) }, undefined],
    ['no message', { title: RECORD_TITLE, message: null }, undefined],
    [
      'the repository in another case: the same repository',
      { title: RECORD_TITLE, message: message(`repo=ACME/Widgets ${fields}`) },
      { ...QUEUE, ready: false, reasons: ['queue_paused'], unhealthySinceMs: SINCE },
    ],
    [
      'the pairs in another order, a word it does not know: read',
      { title: RECORD_TITLE, message: `ready=false format=2 repo=acme/widgets ${fields.replace('ready=false ', '')}` },
      { ...QUEUE, ready: false, reasons: ['queue_paused'], unhealthySinceMs: SINCE },
    ],
  ])('%s', (_, annotation, expected) => {
    expect(parseVerdictRecord(annotation, QUEUE)).toEqual(expected);
  });

  it.each([
    ['another queue of the job: another branch', message(`repo=acme/widgets ${fields.replace('main', 'release')}`)],
    ['another repository', message(`repo=acme/gadgets ${fields}`)],
    ['no repository', message(fields)],
    ['no branch', message('job=alert repo=acme/widgets ready=true not-ready-reasons= unhealthy-since=')],
    [
      'ready neither true nor false',
      message('job=alert repo=acme/widgets target-branch=main ready=maybe not-ready-reasons='),
    ],
    [
      'ready with reasons',
      message('job=alert repo=acme/widgets target-branch=main ready=true not-ready-reasons=queue_paused'),
    ],
    ['not ready without any', message('job=alert repo=acme/widgets target-branch=main ready=false not-ready-reasons=')],
    // Use 3's weekly report runs in the same workflow: its verdict is not the hourly alert's.
    ['another job of the workflow', message(`repo=acme/widgets ${fields.replace('job=alert', 'job=weekly')}`)],
    ['no job', message(`repo=acme/widgets ${fields.replace('job=alert ', '')}`)],
    [
      'a job of no known one (the runner set none)',
      message(`repo=acme/widgets ${fields.replace('job=alert', 'job=')}`),
    ],
    ['the job in another case', message(`repo=acme/widgets ${fields.replace('job=alert', 'job=Alert')}`)],
    ['a job that is no job id', message(`repo=acme/widgets ${fields.replace('job=alert', 'job=al%20ert')}`)],
    ['a reason that is not a code', message(`repo=acme/widgets ${fields.replace('queue_paused', '<!channel>')}`)],
    ['a time that is not one', message(`repo=acme/widgets ${fields.replace('2026-11-20T10:00:00Z', 'yesterday')}`)],
    ['a value that does not decode', message(`repo=acme/widgets ${fields.replace('main', 'ma%E0in')}`)],
    ['a repository that is not owner/name', message(`repo=acme/widgets/x ${fields}`)],
  ])('no record: %s', (_, text) => {
    expect(read(text)).toBeUndefined();
  });

  it('a healthy record carries no spell, whatever its since says', () => {
    const text = message(
      'job=alert repo=acme/widgets target-branch=main ready=true not-ready-reasons= unhealthy-since=2026-11-20T10:00:00Z',
    );
    expect(read(text)).toEqual(healthy);
  });
});
