// What both adapters are asked about: where, which repository and queue, and which PR.

export interface TrunkTarget {
  /** Base URL without a trailing slash. */
  apiUrl: string;
  host: string;
  owner: string;
  name: string;
  targetBranch: string;
  /** Undefined when only the queue is asked about (`readQueue`). */
  pr?: number;
}

/**
 * The PR a read asks about. A source made without one (a report on the queue itself, a commit no PR
 * brought in) is only ever asked `readQueue`; anything else is a bug, not a user's mistake.
 */
export function askedPr(target: TrunkTarget): number {
  if (target.pr === undefined) throw new Error('A pull request was read from a source made for the queue alone.');
  return target.pr;
}
