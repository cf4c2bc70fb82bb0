// Every output of the action as the string the runner stores. Pure. Values taken from API strings
// are made single lines, so a workflow comparing `== 'testing'` sees what it expects; the JSON
// outputs keep the bodies exactly.
import { formatBytes, oneLine } from './format.js';
import type { WaitOutcome } from './observe.js';
import { isoSeconds, type Status } from './status.js';

/** Every output of the action, in the order action.yml lists them. */
export const OUTPUT_NAMES = [
  'state',
  'pr',
  'merge-queue-run',
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
export type OutputName = (typeof OUTPUT_NAMES)[number];
export type Outputs = Record<OutputName, string>;

/** GitHub refuses a step output over 1 MB; a body that large is left out rather than fail the job. */
export const OUTPUT_LIMIT_BYTES = 1_000_000;

/** What the run knows before it has any answer. */
export interface RunFacts {
  /** The PR asked about; undefined when the inputs could not say. */
  pr?: number;
  mergeQueueRun: boolean;
}

export interface OutputSet {
  outputs: Outputs;
  /** One sentence per output left out, for the log. */
  omitted: string[];
}

export function toOutputs(status: Status | undefined, run: RunFacts, wait: WaitOutcome | undefined): OutputSet {
  const outputs = Object.fromEntries(OUTPUT_NAMES.map((name) => [name, ''])) as Outputs;
  const omitted: string[] = [];
  outputs.pr = text(run.pr);
  outputs['merge-queue-run'] = String(run.mergeQueueRun);
  outputs['waited-seconds'] = String(wait?.waitedSeconds ?? 0);
  outputs['timed-out'] = String(wait?.timedOut ?? false);
  if (!status) return { outputs, omitted };

  const { pr, queue, verdict } = status;
  const readiness = pr?.readiness ?? undefined;
  Object.assign(outputs, {
    state: status.state,
    submitted: String(status.submitted),
    ready: String(verdict.ready),
    'not-ready-reasons': verdict.reasons.join(','),
    'does-base-branch-match': text(readiness?.doesBaseBranchMatch),
    'github-mergeability': text(readiness?.gitHubMergeability),
    'requires-impacted-targets': text(readiness?.requiresImpactedTargets),
    'has-impacted-targets': text(readiness?.hasImpactedTargets),
    position: text(status.position),
    'prs-ahead': status.prsAhead.join(','),
    'ahead-testing': text(status.aheadTesting),
    'ahead-pending': text(status.aheadPending),
    'state-changed-at': text(pr?.stateChangedAt),
    'state-age-seconds': text(status.stateAgeSeconds),
    'testing-deadline': status.testingDeadlineMs === undefined ? '' : isoSeconds(status.testingDeadlineMs),
    'queue-length': String(queue.enqueuedPullRequests.length),
    'queue-state': queue.state,
    'queue-mode': queue.mode,
    'priority-name': text(pr?.priorityName),
    'priority-value': text(pr?.priorityValue),
    'pr-sha': text(pr?.prSha),
    stale: text(status.stale),
  } satisfies Partial<Outputs>);
  for (const name of OUTPUT_NAMES) outputs[name] = oneLine(outputs[name]);

  for (const [name, body] of [
    ['pr-json', status.prBody],
    ['queue-json', status.queueBody],
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
