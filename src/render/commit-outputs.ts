// The outputs of a run about a commit: the tip's PR as a PR run sets them (its state, place and
// queue), `ready` and `not-ready-reasons` from the commit's verdict, and which commits the verdict
// covered. A tip no PR brought in is `no_pull_request`, with the queue's own outputs. Pure.
import type { CommitVerdict } from '../core/commit-verdict.js';
import type { QueueAnswer } from '../core/model.js';
import type { Status } from '../core/status.js';
import { toOutputs, type OutputSet, type Outputs } from './outputs.js';

export interface CommitOutputsInput {
  sha: string;
  /** The tip's PR; undefined when no PR brought the tip in. */
  tipPr?: number;
  /** The tip's PR as Trunk answered, with the commit's verdict; undefined when it was not read. */
  status?: Status;
  /** Undefined when Trunk could not be read. */
  verdict?: CommitVerdict;
  queue?: QueueAnswer;
  waitedSeconds: number;
  timedOut: boolean;
}

export function commitOutputs(input: CommitOutputsInput): OutputSet {
  const { sha, tipPr, status, verdict, queue } = input;
  const extra: Partial<Outputs> = {
    'commits-checked': verdict ? String(verdict.findings.length) : '',
    'commits-not-from-queue': verdict
      ? verdict.findings.flatMap((found) => (found.fault ? [found.sha] : [])).join(',')
      : '',
  };
  if (!status) {
    Object.assign(extra, tipPr === undefined ? { state: 'no_pull_request', submitted: 'false' } : {});
    if (verdict) Object.assign(extra, { ready: String(verdict.ready), 'not-ready-reasons': verdict.reasons.join(',') });
    if (queue) {
      const facts = queue.queue;
      Object.assign(extra, {
        'queue-length': String(facts.length),
        'queue-state': facts.state,
        'queue-mode': facts.mode,
        'queue-json': queue.json,
      });
    }
  }
  const run = { pr: tipPr, mergeQueueRun: false, foundBy: tipPr === undefined ? undefined : 'commit', commitSha: sha };
  return toOutputs(status, run, input, extra);
}
