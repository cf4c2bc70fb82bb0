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
