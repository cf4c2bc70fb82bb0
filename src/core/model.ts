// The neutral model: what the core (verdict, status, outputs, summary) knows of a PR and its queue,
// whichever API answered. Each adapter (src/v1, src/v2) turns its API's answers into these types,
// with values already normalised to one vocabulary (the contract's: `not_ready`, `tests_passed`,
// `in_progress`, `switching_modes`, `single`/`parallel`, ...), so nothing downstream decides on a
// spelling. Texts here are as the API sent them: untrusted until an exit makes them safe.
import type { PrTimeline, WindowSource } from './history.js';

/** Whether the PR meets what the queue needs of it (Trunk's readiness). */
interface Readiness {
  doesBaseBranchMatch: boolean;
  /** GitHub's mergeability: `mergeable`, `not_mergeable`, `in_progress`, `unspecified`, or a new value in snake_case. */
  mergeability: string;
  requiresImpactedTargets: boolean;
  hasImpactedTargets?: boolean;
}

/** The PR's queue entry as the API reported it. */
export interface PrFacts {
  /** Normalised state; empty when the API sent none. */
  state: string;
  submitted: boolean;
  readiness?: Readiness;
  /** As reported; undefined when not sent. */
  stateChangedAt?: string;
  priorityName?: string;
  /** The number as the body wrote it (`1.50` stays `1.50`). */
  priorityValue?: string;
  title?: string;
  author?: string;
  sha?: string;
}

/**
 * The PR's answer: found in the queue, or not (never submitted to it). `json` is the API's own
 * text for the PR, for `pr-json`.
 */
export type PrAnswer = { found: true; pr: PrFacts; json: string } | { found: false };

/** One PR in the queue's line. */
export interface QueueEntry {
  number: number;
  /** Normalised state; empty when not sent. */
  state: string;
  /** In a test run (or passed one): counted in `ahead-testing`. */
  testing: boolean;
  title?: string;
  author?: string;
  priorityName?: string;
  stateChangedAt?: string;
}

/** Settings shown only in the summary: any of them may be missing, and shows as "—". */
interface QueueSettings {
  concurrency?: number;
  batching?: { on: boolean; minSize?: number; maxWaitMinutes?: number };
  mergeMethod?: string;
  requiredStatuses?: string[];
}

export interface QueueFacts {
  /** Normalised: `running`, `paused`, `draining`, `switching_modes`, or a new value. */
  state: string;
  /** Normalised: `single` or `parallel`, or a new value. */
  mode: string;
  branch: string;
  /** 0 or absent: no testing timeout. */
  testingTimeoutMinutes?: number;
  settings: QueueSettings;
  /** The line, first in line first. */
  entries: QueueEntry[];
  /** How many are in the line: more than `entries` when the API lists only the first of them. */
  length: number;
  /** The queue's page in Trunk's web app, when the API sends it (v2). */
  htmlUrl?: string;
}

/** The queue, and the API's own text for it, for `queue-json`. */
export interface QueueAnswer {
  queue: QueueFacts;
  json: string;
}

/** A check that made the queue fail the PR. */
export interface FailingCheck {
  name: string;
  url: string | null;
  conclusion: string | null;
}

/** Why the PR left the queue (or is held for failing): the newest transition of its entry. */
export interface ExitStory {
  /** Lowercased reason code (`test_run_required_status_failed`); undefined when Trunk gave none. */
  reason?: string;
  /** Who did it, when Trunk names someone. */
  actor?: string;
  at?: string;
  failingChecks: FailingCheck[];
  /** Trunk's own words about the failure, when it sent some. */
  message?: string;
  /** What it conflicted with: another PR or the base branch. */
  conflict?: { kind: string; number?: number; url?: string };
}

/** One reason the PR is blocked, as Trunk words it. */
export interface BlockReason {
  /** snake_case code: `review_required`, `failing_check`, ... */
  code: string;
  message?: string;
  check?: string;
  /** Approving reviews it has and needs (review_required). */
  have?: number;
  need?: number;
  /** The PR it conflicts with or is stacked on, when Trunk names one. */
  ontoPrNumber?: number;
}

export interface TestRun {
  url?: string;
  /** snake_case: `in_progress`, `succeeded`, `failed`, `cancelled`. */
  status: string;
}

export interface Estimate {
  status: 'available' | 'unavailable' | 'not_enabled' | string;
  /** ms since the epoch: when the PR is expected to merge. */
  mergeAtMs?: number;
  computedAtMs?: number;
  /** Trunk's reason when unavailable: opaque text. */
  reason?: string;
}

/**
 * The story behind the state (only the v2 API tells it). Each part is undefined when it was not
 * read, not needed in this state, or left out.
 */
export interface Story {
  blockReasons?: BlockReason[];
  exit?: ExitStory;
  testRun?: TestRun;
  estimate?: Estimate;
  directlyAhead?: number[];
  trunkUrl?: string;
  /** One sentence per part that was needed but left out (throttled), for a notice. */
  leftOut: string[];
}

/** What one full read found: the PR, its queue, and the story where an API tells one. */
export interface Snapshot {
  pr: PrAnswer;
  queue: QueueAnswer;
  story?: Story;
  /** Said once in the log: a story that could not be read in the mixed mode, say. */
  warnings?: string[];
}

/** The queue alone: a report on the queue itself, or on a commit that no PR brought in. */
interface QueueSource {
  readQueue(signal: AbortSignal): Promise<QueueAnswer>;
}

/**
 * What Trunk's history says of some PRs: their timelines, or that this API cannot tell (v1; or v2
 * failed in the mixed mode, said once in `warning`).
 */
export type Timelines = { known: true; byPr: ReadonlyMap<number, PrTimeline> } | { known: false; warning?: string };

/** The PRs a commit verdict checks: several at once, and how each merged. */
interface CommitSource {
  /**
   * Each PR's answer in this queue, by number: batched where the API allows (v2 asks 50 at a time).
   * `readiness`: every readiness fact of a PR still in the queue, where a batched read leaves one
   * out (a test run's verdict needs them; a commit's, about merged PRs, does not).
   */
  readPrs(numbers: readonly number[], signal: AbortSignal, readiness?: boolean): Promise<Map<number, PrAnswer>>;
  /** These PRs' queue-entry timelines, batched where the API allows; throws when the read fails. */
  timelines(numbers: readonly number[], signal: AbortSignal): Promise<Timelines>;
}

/** Where the answers come from: one API, or v1 with v2's story. The core never asks which. */
export interface StatusSource extends PrSource, QueueSource, CommitSource, WindowSource {}

/** One PR, its queue and its story: what a run about a PR reads, and a wait polls. */
export interface PrSource {
  /** The PR, its queue and the story, read together. */
  read(signal: AbortSignal): Promise<Snapshot>;
  /** The PR alone: a wait's poll. */
  poll(signal: AbortSignal): Promise<PrAnswer>;
  /** At the end of a wait: the queue (and story) again, for the PR as last polled. */
  refresh(pr: PrAnswer, signal: AbortSignal): Promise<Omit<Snapshot, 'pr'>>;
}

/**
 * A pull request as GitHub lists it for a commit (rule 5 of "Which PR"): the fields the choice
 * reads. `open` is GitHub's state; whether it merged is `mergedAt` alone, since GitHub's own
 * example lists a merged PR as open.
 */
export interface CommitPr {
  number: number;
  open: boolean;
  mergedAt?: string;
  mergeCommitSha?: string;
  headSha?: string;
  /** The PR's branch: a push to it is the PR's own run, not a commit that reached another branch. */
  headRef?: string;
  /** The PR's branch is in this repository: a fork's branch of the same name is another branch. */
  headInRepository?: boolean;
  baseRef?: string;
  updatedAt?: string;
}
