// A commit run's questions to Trunk: the queue, and the PRs the verdict needs (read together,
// batched where the API allows); then, while Trunk has yet to record a merge GitHub shows, one
// shared settle; then who merged each merged PR, from one batched history read.
import {
  coveredShas,
  mergedHere,
  SETTLING_STATES,
  type CommitCheck,
  type MergeHistory,
} from '../core/commit-verdict.js';
import type { PrAnswer, QueueAnswer, StatusSource } from '../core/model.js';
import { settle, type TrunkNote } from '../core/settle.js';
import { stateOf } from '../core/verdict.js';
import { failureMessage } from '../core/report.js';
import { ActionError, ApiError, messageOf } from '../shared/errors.js';
import { withoutStop } from '../shared/format.js';
import type { RunTools } from './tools.js';

export interface TrunkFacts {
  /** Undefined when it could not be read: the verdict does not need it, the outputs do. */
  queue?: QueueAnswer;
  /** Why the queue could not be read, for a warning: the verdict does not need it. */
  queueFailure?: string;
  /** Trunk's last answer for each PR asked about. */
  trunk: Map<number, PrAnswer>;
  /** What the settle noted of some answers (Trunk stopped answering, or stopped listing a PR). */
  notes: Map<number, TrunkNote>;
  merges: MergeHistory;
  waitedSeconds: number;
  /** With wait-for: the wait ran out before the tip's PR reached a wanted state. */
  timedOut: boolean;
  warnings: string[];
}

export interface SettleSettings {
  settleMs: number;
  waitFor: readonly string[];
  waitTimeoutMs: number;
  pollIntervalMs: number;
}

export async function askTrunk(
  source: StatusSource,
  commits: readonly CommitCheck[],
  numbers: readonly number[],
  branch: string,
  settings: SettleSettings,
  tools: Omit<RunTools, 'redactor'>,
): Promise<TrunkFacts> {
  const { cancel } = tools;
  const [queue, first] = await Promise.all([
    source.readQueue(cancel).then(
      (answer) => ({ answer }),
      (error: unknown) => {
        if (cancel.aborted || !(error instanceof ActionError)) throw error;
        return { failure: failureMessage(error) };
      },
    ),
    numbers.length > 0 ? source.readPrs(numbers, cancel) : Promise.resolve(new Map<number, PrAnswer>()),
  ]);
  const covered = coveredShas(commits);
  const merging = new Set(commits.flatMap(({ pr }) => (pr && mergedHere(pr, covered, branch) ? [pr.number] : [])));
  const tipPr = commits[0]?.pr?.number;
  const { waitFor } = settings;
  const waitingFor = (answers: ReadonlyMap<number, PrAnswer>) =>
    [...merging].filter((number) => {
      const state = stateOf(answers.get(number) ?? { found: false });
      // With wait-for, the tip's PR is waited for until it is in a wanted state.
      if (waitFor.length > 0 && number === tipPr) return !waitFor.includes(state) && SETTLING_STATES.includes(state);
      return SETTLING_STATES.includes(state);
    });
  // With wait-for, that wait replaces the settle, with its own deadline.
  const budgetMs = waitFor.length > 0 ? settings.waitTimeoutMs : Math.min(settings.settleMs, settings.waitTimeoutMs);
  const settled = await settle(first, {
    read: (wanted, signal) => source.readPrs(wanted, signal),
    waitingFor,
    budgetMs,
    pollIntervalMs: settings.pollIntervalMs,
    clock: tools.clock,
    random: tools.random,
    cancel,
    log: tools.log,
  });
  const merged = [...merging].filter((number) => stateOf(settled.answers.get(number) ?? { found: false }) === 'merged');
  const { merges, warnings } = await mergeHistory(source, merged, cancel);
  return {
    queue: 'answer' in queue ? queue.answer : undefined,
    queueFailure: 'failure' in queue ? queue.failure : undefined,
    trunk: settled.answers,
    notes: settled.notes,
    merges,
    waitedSeconds: settled.waitedSeconds,
    timedOut: waitFor.length > 0 && settled.ended === 'out-of-time',
    warnings,
  };
}

/** Who merged each merged PR: Trunk's history, when this API tells it. */
async function mergeHistory(
  source: StatusSource,
  merged: readonly number[],
  cancel: AbortSignal,
): Promise<{ merges: MergeHistory; warnings: string[] }> {
  if (merged.length === 0) return { merges: { kind: 'read', timelines: new Map() }, warnings: [] };
  try {
    const timelines = await source.timelines(merged, cancel);
    if (timelines.known) return { merges: { kind: 'read', timelines: timelines.byPr }, warnings: [] };
    return { merges: { kind: 'unknowable' }, warnings: timelines.warning ? [timelines.warning] : [] };
  } catch (error) {
    if (cancel.aborted || !(error instanceof ActionError)) throw error;
    // A gate that cannot tell who merged holds; the error line names the read.
    const transient = error instanceof ApiError && error.transient;
    return { merges: { kind: 'failed', message: withoutStop(messageOf(error)), transient }, warnings: [] };
  }
}
