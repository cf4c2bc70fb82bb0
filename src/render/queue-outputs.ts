// The outputs of a report on the queue itself (`scope: queue`): the queue's own outputs, its health
// as `ready` and `not-ready-reasons`, and how many test and wait. The PR outputs stay empty: there
// is no PR. Pure.
import type { QueueAnswer } from '../core/model.js';
import type { QueueHealth } from '../core/health.js';
import { blankOutputs, bounded, type OutputSet } from './outputs.js';

/** @param answer undefined when the queue could not be read: every output is empty then. */
export function queueOutputs(answer: QueueAnswer | undefined, health: QueueHealth | undefined): OutputSet {
  const outputs = blankOutputs();
  // Nothing waits in this scope; a workflow reading these gets what it would without wait-for.
  outputs['waited-seconds'] = '0';
  outputs['timed-out'] = 'false';
  if (answer && health) {
    const { queue } = answer;
    Object.assign(outputs, {
      ready: String(health.ready),
      'not-ready-reasons': health.reasons.join(','),
      'queue-length': String(queue.length),
      'queue-state': queue.state,
      'queue-mode': queue.mode,
      'queue-testing': String(health.testing),
      'queue-waiting': String(health.waiting),
      'queue-longest-wait-seconds': seconds(health.longestWait?.ageSeconds),
      'queue-oldest-testing-seconds': seconds(health.oldestTesting?.ageSeconds),
    });
  }
  return bounded(outputs, { 'pr-json': '', 'queue-json': answer?.json ?? '' });
}

const seconds = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * A commit no PR brought in: `state` no_pull_request and not ready, the commit named, and the
 * queue's own outputs as far as the queue could be read.
 */
export function noPrOutputs(answer: QueueAnswer | undefined, sha: string): OutputSet {
  const outputs = blankOutputs();
  Object.assign(outputs, {
    state: 'no_pull_request',
    submitted: 'false',
    ready: 'false',
    'not-ready-reasons': 'no_pull_request',
    'merge-queue-run': 'false',
    'commit-sha': sha,
    'waited-seconds': '0',
    'timed-out': 'false',
  });
  if (answer) {
    const { queue } = answer;
    Object.assign(outputs, {
      'queue-length': String(queue.length),
      'queue-state': queue.state,
      'queue-mode': queue.mode,
    });
  }
  return bounded(outputs, { 'pr-json': '', 'queue-json': answer?.json ?? '' });
}
