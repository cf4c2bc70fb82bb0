// Alerts that speak once (use 3): this run's verdict on the queue against the verdict the previous
// run of the same workflow and job left, so that an hourly alert posts when something changed (a
// new problem, a different one, a recovery) and stays quiet while nothing did. Pure: the previous
// runs are given as GitHub listed them (the read is the edge's), and the clock is an argument.
//
// Fail towards speaking: a previous verdict that is unknown (the first run, none recorded, a read
// that failed) makes `changed` true, so that an alert says once too often rather than never.

/** Whose verdict a record is: the queue it is about, and the job that left it. */
export interface RecordKey {
  /** The queue: `owner/name` and its branch, so that two queues in one job never mix. */
  repo: string;
  branch: string;
  /**
   * The job's id in its workflow (GITHUB_JOB), so that another job of the same workflow (use 3's
   * weekly report beside the hourly alert) is never taken for this one; empty when not known.
   */
  job: string;
}

/** A verdict as a run leaves it for the next one to read (./verdict-record.ts writes and parses it). */
export interface VerdictRecord extends RecordKey {
  ready: boolean;
  /** Its `not-ready-reasons` codes; empty when ready. */
  reasons: string[];
  /** When the unhealthy spell it was in began, as far as that run knew; undefined when healthy. */
  unhealthySinceMs?: number;
}

/** A run of the same workflow and job before this one, newest first as GitHub lists them. */
export interface EarlierRun {
  runId: number;
  /** Its verdict on this queue; undefined when it left none (it reached no verdict, or it failed before). */
  record?: VerdictRecord;
}

/** What is known of the runs before this one. */
export type PreviousRead =
  /** Not asked: the previous verdict is unknown. */
  | { kind: 'not-read' }
  /** The read failed after its retries; `message` says why, for the warning. */
  | { kind: 'failed'; message: string }
  /** `thisRunId`: this run's id, which a re-run of it shares: a re-run is not a previous run. */
  | { kind: 'read'; thisRunId: number; runs: EarlierRun[] };

export interface AlertInput {
  /** This run's verdict on the queue; undefined when it reached none (the queue could not be read). */
  verdict?: { ready: boolean; reasons: readonly string[] };
  nowMs: number;
  previous: PreviousRead;
}

export interface AlertState {
  /** The previous run's verdict; undefined when unknown. */
  previousReady?: boolean;
  /** The verdict or its set of reasons differs from the previous run's, or that is unknown. */
  changed: boolean;
  /** When the current unhealthy spell began, as far as known; undefined when healthy. */
  unhealthySinceMs?: number;
  /** Healthy now after the previous run was not: how long that lasted (when known), and what it was. */
  recovery?: { afterMs?: number; was: string[] };
  /** The previous runs could not be read: why, for one warning. */
  readFailure?: string;
}

/** The newest earlier run that left a verdict; a re-run of this run (same id) is not one. */
function previousVerdict(previous: PreviousRead): VerdictRecord | undefined {
  if (previous.kind !== 'read') return undefined;
  return previous.runs.find((run) => run.runId !== previous.thisRunId && run.record !== undefined)?.record;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((code) => right.has(code));
};

export function decideAlert({ verdict, nowMs, previous }: AlertInput): AlertState {
  const before = previousVerdict(previous);
  const readFailure = previous.kind === 'failed' ? previous.message : undefined;
  const known = { previousReady: before?.ready, ...(readFailure === undefined ? {} : { readFailure }) };
  const spell = before && !before.ready ? before.unhealthySinceMs : undefined;
  // No verdict now: nothing to compare, and the spell, if any, is as the previous run knew it.
  if (!verdict) return { ...known, changed: true, unhealthySinceMs: spell };
  const changed = !before || before.ready !== verdict.ready || !sameSet(before.reasons, verdict.reasons);
  if (verdict.ready) {
    const recovery =
      before && !before.ready
        ? { afterMs: spell === undefined ? undefined : Math.max(0, nowMs - spell), was: [...before.reasons] }
        : undefined;
    return { ...known, changed, ...(recovery ? { recovery } : {}) };
  }
  // Unhealthy: the spell goes on from when the previous run saw it begin, whatever its reasons
  // now; else it began, as far as known, at this run.
  return { ...known, changed, unhealthySinceMs: before && !before.ready ? (spell ?? nowMs) : nowMs };
}
