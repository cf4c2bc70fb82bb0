// Every output of the action as the string the runner stores. Pure. Values taken from API strings
// are made single lines, so a workflow comparing `== 'testing'` sees what it expects; the JSON
// outputs keep the bodies exactly. Any output over GitHub's limit is left out, with a line saying so.
import { formatBytes, formatCharsEscaped, oneLine } from '../shared/format.js';
import type { WaitOutcome } from '../core/observation.js';
import { isSafeLink } from './html.js';
import type { Story } from '../core/model.js';
import type { Status } from '../core/status.js';
import { isoSeconds } from '../shared/time.js';
import { NOT_CHECKED } from '../core/verdict.js';

/** The outputs every run sets, whichever API answered. */
const STATUS_OUTPUTS = [
  'state',
  'pr',
  'merge-queue-run',
  'batch-prs',
  'submitted',
  'ready',
  'not-ready-reasons',
  'does-base-branch-match',
  'github-mergeability',
  'requires-impacted-targets',
  'has-impacted-targets',
  'position',
  'prs-ahead',
  'ahead-testing',
  'ahead-pending',
  'state-changed-at',
  'state-age-seconds',
  'testing-deadline',
  'queue-length',
  'queue-state',
  'queue-mode',
  'priority-name',
  'priority-value',
  'pr-sha',
  'stale',
  'pr-json',
  'queue-json',
  'waited-seconds',
  'timed-out',
] as const;
/** The story's outputs: only Trunk's v2 API tells it; empty without api-key. */
export const STORY_OUTPUTS = [
  'block-reasons',
  'exit-reason',
  'failing-checks',
  'test-run-url',
  'test-run-status',
  'estimated-merge-at',
  'estimate-status',
  'directly-ahead',
  'trunk-url',
] as const;

/** The queue's health: set with `scope: queue` only. */
const QUEUE_OUTPUTS = [
  'queue-testing',
  'queue-waiting',
  'queue-longest-wait-seconds',
  'queue-oldest-testing-seconds',
] as const;

/** This run's verdict on the queue against the previous run's (use 3): set with `scope: queue` only. */
const ALERT_OUTPUTS = ['previous-ready', 'changed', 'unhealthy-since'] as const;

/** How the PR was found, and the commit rule 5 asked GitHub about. */
const FINDING_OUTPUTS = ['pr-found-by', 'commit-sha'] as const;

/** The commit verdict's: set in a run about a commit only. */
const COMMIT_OUTPUTS = ['commits-checked', 'commits-not-from-queue'] as const;

/** How the queue has been doing over a window: `scope: queue` with `window` only. */
export const WINDOW_OUTPUTS = [
  'merged-count',
  'failed-count',
  'cancelled-count',
  'failure-rate',
  'time-in-queue-p50-seconds',
  'time-in-queue-p90-seconds',
  'testing-p50-seconds',
  'testing-p90-seconds',
  'restarts',
  'attempts-per-merge',
  'retried-merges',
  'repeat-failures',
  'top-failure-reasons',
  'top-failing-checks',
  'percentile-kind',
] as const;

/** The report as text for other tools: every scope. */
const TEXT_OUTPUTS = ['markdown', 'slack-text'] as const;

/** Every output of the action, in the order action.yml lists them. */
export const OUTPUT_NAMES = [
  ...STATUS_OUTPUTS,
  ...STORY_OUTPUTS,
  ...QUEUE_OUTPUTS,
  ...ALERT_OUTPUTS,
  ...FINDING_OUTPUTS,
  ...COMMIT_OUTPUTS,
  ...WINDOW_OUTPUTS,
  ...TEXT_OUTPUTS,
] as const;
export type OutputName = (typeof OUTPUT_NAMES)[number];
export type Outputs = Record<OutputName, string>;

/**
 * The outputs the action computes itself: booleans, counts, numbers it parsed, times it worked out,
 * the PR it asked about. They are written as they are, never redacted, so a credential that happens
 * to read like `false` or `1234` cannot change one. Every other output carries text from outside
 * (a state, a SHA, a body, a reason code naming GitHub's mergeability) and is redacted.
 */
const OWN_OUTPUTS: ReadonlySet<string> = new Set([
  'pr',
  'merge-queue-run',
  'batch-prs',
  'submitted',
  'ready',
  'does-base-branch-match',
  'requires-impacted-targets',
  'has-impacted-targets',
  'position',
  'prs-ahead',
  'ahead-testing',
  'ahead-pending',
  'state-age-seconds',
  'testing-deadline',
  'queue-length',
  'priority-value',
  'stale',
  'waited-seconds',
  'timed-out',
  'estimated-merge-at',
  'directly-ahead',
  'queue-testing',
  'queue-waiting',
  'queue-longest-wait-seconds',
  'queue-oldest-testing-seconds',
  // A boolean each, and a time the action worked out.
  ...ALERT_OUTPUTS,
  'pr-found-by',
  'commit-sha',
  // A count, and SHAs GitHub sent that were checked as SHAs.
  ...COMMIT_OUTPUTS,
  // Counts, a rate and durations the action worked out from the history; the two lists carry
  // Trunk's reason codes and check names, which are text from outside.
  ...WINDOW_OUTPUTS.filter((name) => name !== 'top-failure-reasons' && name !== 'top-failing-checks'),
  // Rendered with the credentials already cut out of every text from outside in them, and of
  // nothing else: redacting them whole would cut the action's own numbers too.
  ...TEXT_OUTPUTS,
] satisfies OutputName[]);

/** GitHub refuses a step output over 1 MB; a body that large is left out rather than fail the job. */
export const OUTPUT_LIMIT_BYTES = 1_000_000;

/** What the run knows before it has any answer. */
export interface RunFacts {
  /** The PR asked about; undefined when the inputs could not say. */
  pr?: number;
  mergeQueueRun: boolean;
  /** The PRs a test branch names, when the run is about them (rule 2): `batch-prs`. */
  batchPrs?: readonly number[];
  /** `pr-found-by`; undefined when no PR was found. */
  foundBy?: string;
  /** The commit rule 5 looked up. */
  commitSha?: string;
}

export interface OutputSet {
  outputs: Outputs;
  /** One sentence per output left out, for the log. */
  omitted: string[];
}

export function toOutputs(
  status: Status | undefined,
  run: RunFacts,
  wait: WaitOutcome | Pick<WaitOutcome, 'waitedSeconds' | 'timedOut'> | undefined,
  extra: Partial<Outputs> = {},
): OutputSet {
  const outputs = blankOutputs();
  outputs.pr = text(run.pr);
  outputs['merge-queue-run'] = String(run.mergeQueueRun);
  outputs['batch-prs'] = run.batchPrs?.join(',') ?? '';
  outputs['pr-found-by'] = run.foundBy ?? '';
  outputs['commit-sha'] = run.commitSha ?? '';
  outputs['waited-seconds'] = String(wait?.waitedSeconds ?? 0);
  outputs['timed-out'] = String(wait?.timedOut ?? false);
  if (status) Object.assign(outputs, statusOutputs(status), storyOutputs(status.story));
  Object.assign(outputs, extra);
  return bounded(outputs, {
    'pr-json': status?.prJson ?? extra['pr-json'] ?? '',
    'queue-json': status?.queueJson ?? extra['queue-json'] ?? '',
  });
}

/**
 * A run that reached no verdict (a read failed, the step ran out of time or was cancelled, an
 * input was refused), in any scope: `ready` is `false` with `not_checked`, never empty, so that a
 * workflow's `ready == 'false'` catches a gate that could not look.
 */
export function withoutVerdict(outputs: Outputs): Outputs {
  return outputs.ready === '' ? { ...outputs, ready: 'false', 'not-ready-reasons': NOT_CHECKED } : outputs;
}

/** Every output, empty. */
export function blankOutputs(): Outputs {
  return Object.fromEntries(OUTPUT_NAMES.map((name) => [name, ''])) as Outputs;
}

/** Each output a single line, the bodies as Trunk sent them, and none over GitHub's limit. */
export function bounded(outputs: Outputs, bodies: Pick<Outputs, 'pr-json' | 'queue-json'>): OutputSet {
  for (const name of OUTPUT_NAMES) outputs[name] = oneLine(outputs[name]);
  // The bodies as Trunk sent them, line breaks and all; an invisible character as its escape.
  outputs['pr-json'] = formatCharsEscaped(bodies['pr-json']);
  outputs['queue-json'] = formatCharsEscaped(bodies['queue-json']);

  const omitted: string[] = [];
  for (const name of OUTPUT_NAMES) {
    const bytes = Buffer.byteLength(outputs[name]);
    if (bytes > OUTPUT_LIMIT_BYTES) {
      outputs[name] = '';
      omitted.push(`Output ${name} left out: it is ${formatBytes(bytes)}, over GitHub's 1 MB output limit.`);
    }
  }
  return { outputs, omitted };
}

/**
 * The outputs as the step writes them: each text from outside with the credentials cut out (it
 * is already one line, and the redactor sees through the JSON escapes of the bodies and of
 * `failing-checks`), the action's own values as they are.
 */
export function redactOutputs(outputs: Outputs, redact: (text: string) => string): Outputs {
  const written = { ...outputs };
  for (const name of OUTPUT_NAMES) if (!OWN_OUTPUTS.has(name)) written[name] = redact(outputs[name]);
  return written;
}

function statusOutputs(status: Status): Partial<Outputs> {
  const { pr, queue, verdict } = status;
  const readiness = pr?.readiness;
  return {
    state: status.state,
    submitted: String(status.submitted),
    ready: String(verdict.ready),
    'not-ready-reasons': verdict.reasons.join(','),
    'does-base-branch-match': text(readiness?.doesBaseBranchMatch),
    'github-mergeability': text(readiness?.mergeability),
    'requires-impacted-targets': text(readiness?.requiresImpactedTargets),
    'has-impacted-targets': text(readiness?.hasImpactedTargets),
    position: text(status.position),
    'prs-ahead': status.prsAhead.join(','),
    'ahead-testing': text(status.aheadTesting),
    'ahead-pending': text(status.aheadPending),
    'state-changed-at': text(pr?.stateChangedAt),
    'state-age-seconds': text(status.stateAgeSeconds),
    'testing-deadline': status.testingDeadlineMs === undefined ? '' : isoSeconds(status.testingDeadlineMs),
    'queue-length': String(queue.length),
    'queue-state': queue.state,
    'queue-mode': queue.mode,
    'priority-name': text(pr?.priorityName),
    'priority-value': text(pr?.priorityValue),
    'pr-sha': text(pr?.sha),
    stale: text(status.stale),
  };
}

function storyOutputs(story: Story | undefined): Partial<Outputs> {
  if (!story) return {};
  const { exit, testRun, estimate } = story;
  return {
    'block-reasons': story.blockReasons?.map((reason) => reason.code).join(',') ?? '',
    'exit-reason': text(exit?.reason),
    'failing-checks':
      exit && exit.failingChecks.length > 0
        ? JSON.stringify(
            exit.failingChecks.map((check) => ({ ...check, url: isSafeLink(check.url) ? check.url : null })),
          )
        : '',
    // Later steps write these into comments as links: only https ones are passed on.
    'test-run-url': isSafeLink(testRun?.url) ? testRun.url : '',
    'test-run-status': text(testRun?.status),
    'estimated-merge-at': estimate?.mergeAtMs === undefined ? '' : isoSeconds(estimate.mergeAtMs),
    'estimate-status': text(estimate?.status),
    'directly-ahead': story.directlyAhead?.join(',') ?? '',
    'trunk-url': isSafeLink(story.trunkUrl) ? story.trunkUrl : '',
  };
}

function text(value: string | number | boolean | null | undefined): string {
  return value === undefined || value === null ? '' : String(value);
}
