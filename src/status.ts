// The status the action derives from the two answers: readiness verdict and reasons, the PR's
// place in the queue, staleness. Pure: every output value is decided here.
import type { Queue, Readiness, SubmittedPullRequest } from './schemas.js';
import { formatBytes } from './format.js';
import { NOT_SUBMITTED, OUTPUT_NAMES, type Outputs, type ReasonCode } from './states.js';

/** What getSubmittedPullRequest said: a PR, or 404 (never submitted to this queue). */
export type PrAnswer = { submitted: true; pr: SubmittedPullRequest } | { submitted: false };

export interface Status {
  prNumber: number;
  /** Lowercased API state, or `not_submitted` on 404. */
  state: string;
  submitted: boolean;
  ready: boolean;
  reasons: ReasonCode[];
  pr?: SubmittedPullRequest;
  queue: Queue;
  /** 1-based place in `enqueuedPullRequests`; undefined when the PR is not listed. */
  position?: number;
  prsAhead: number[];
  /** undefined when either head SHA is unknown. */
  stale?: boolean;
}

export interface WaitResult {
  waitedSeconds: number;
  timedOut: boolean;
}

/** The state the action reports: the API's (lowercased), or `not_submitted` for a 404. */
export function stateOf(answer: PrAnswer): string {
  return answer.submitted ? (answer.pr.state ?? '') : NOT_SUBMITTED;
}

/** `ready`, or `not ready: ` and the reason codes, for log lines. */
export function verdictText(reasons: readonly ReasonCode[]): string {
  return reasons.length === 0 ? 'ready' : `not ready: ${reasons.join(', ')}`;
}

export function readinessReasons(answer: PrAnswer): ReasonCode[] {
  if (!answer.submitted) return ['not_submitted'];
  const reasons: ReasonCode[] = [];
  if (!answer.pr.isCurrentlySubmittedToQueue) reasons.push('not_submitted');
  const readiness = answer.pr.readiness;
  if (!readiness) return [...reasons, 'readiness_unknown'];
  if (!readiness.doesBaseBranchMatch) reasons.push('base_branch_mismatch');
  if (readiness.gitHubMergeability !== 'mergeable') {
    reasons.push(`mergeability_${asCodePart(readiness.gitHubMergeability)}`);
  }
  if (readiness.requiresImpactedTargets && readiness.hasImpactedTargets !== true) {
    reasons.push('impacted_targets_missing');
  }
  return reasons;
}

// A mergeability this version does not know still has to make a code that survives being
// split on commas and matched in a workflow expression.
function asCodePart(value: string): string {
  return value.replace(/[^a-z0-9_]+/g, '_') || 'unspecified';
}

export function deriveStatus(prNumber: number, answer: PrAnswer, queue: Queue, eventHeadSha?: string): Status {
  const reasons = readinessReasons(answer);
  const pr = answer.submitted ? answer.pr : undefined;
  const index = queue.enqueuedPullRequests.findIndex((entry) => entry.prNumber === prNumber);
  const prsAhead = index < 0 ? [] : queue.enqueuedPullRequests.slice(0, index).map((entry) => entry.prNumber);
  const stale = eventHeadSha && pr?.prSha ? eventHeadSha.toLowerCase() !== pr.prSha.toLowerCase() : undefined;
  return {
    prNumber,
    state: stateOf(answer),
    submitted: pr?.isCurrentlySubmittedToQueue ?? false,
    ready: reasons.length === 0,
    reasons,
    pr,
    queue,
    position: index < 0 ? undefined : index + 1,
    prsAhead,
    stale,
  };
}

/** GitHub refuses a step output over 1 MB; a body that large is left out rather than fail the job. */
export const OUTPUT_LIMIT_BYTES = 1_000_000;

export interface OutputSet {
  outputs: Outputs;
  /** One sentence per output left out, for the log. */
  omitted: string[];
}

/** Every output, with the empty string for anything this run has no value for. */
export function emptyOutputs(): Outputs {
  return Object.fromEntries(OUTPUT_NAMES.map((name) => [name, ''])) as Outputs;
}

export function toOutputs(status: Status | undefined, wait: WaitResult): OutputSet {
  const outputs = emptyOutputs();
  const omitted: string[] = [];
  outputs['waited-seconds'] = String(wait.waitedSeconds);
  outputs['timed-out'] = String(wait.timedOut);
  if (!status) return { outputs, omitted };

  const { pr, queue } = status;
  const readiness: Readiness | undefined = pr?.readiness ?? undefined;
  Object.assign(outputs, {
    state: status.state,
    submitted: String(status.submitted),
    ready: String(status.ready),
    'not-ready-reasons': status.reasons.join(','),
    'does-base-branch-match': text(readiness?.doesBaseBranchMatch),
    'github-mergeability': text(readiness?.gitHubMergeability),
    'requires-impacted-targets': text(readiness?.requiresImpactedTargets),
    'has-impacted-targets': text(readiness?.hasImpactedTargets),
    position: text(status.position),
    'prs-ahead': status.prsAhead.join(','),
    'queue-length': String(queue.enqueuedPullRequests.length),
    'queue-state': queue.state,
    'queue-mode': queue.mode,
    'priority-name': text(pr?.priorityName),
    'priority-value': text(pr?.priorityValue),
    'pr-sha': text(pr?.prSha),
    stale: text(status.stale),
  } satisfies Partial<Outputs>);

  for (const [name, body] of [
    ['pr-json', pr],
    ['queue-json', queue],
  ] as const) {
    if (body === undefined) continue;
    const json = JSON.stringify(body);
    const bytes = Buffer.byteLength(json);
    if (bytes > OUTPUT_LIMIT_BYTES) {
      omitted.push(`Output ${name} left out: the body is ${formatBytes(bytes)}, over GitHub's 1 MB output limit.`);
    } else {
      outputs[name] = json;
    }
  }
  return { outputs, omitted };
}

function text(value: string | number | boolean | null | undefined): string {
  return value === undefined || value === null ? '' : String(value);
}
