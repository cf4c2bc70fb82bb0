// The reader of the previous run's verdict, for a report on the queue: GitHub asked with the
// settings a commit run's reads have (GITHUB_API_URL, github-token, request-timeout-seconds,
// retries, the redactor), one request budget, and a deadline of its own, as the window's history
// reads have. GitHub's client loads with import() only when the read is made. Without a run and a
// job to look back from (off a runner), or with github-token set empty, there is no reader: the
// previous verdict is unknown, so `changed` is true.
import type { PreviousRead, RecordKey } from '../core/alerts.js';
import { previousWords } from '../core/words/previous.js';
import type { QueueInputs } from '../runner/inputs.js';
import { githubApiUrl } from '../runner/locations.js';
import type { Log } from '../shared/log.js';
import type { Redactor } from '../shared/redact.js';
import type { Clock } from '../shared/time.js';

/** The read takes at most this long, or wait-timeout-seconds when that is shorter. */
const DEADLINE_MS = 120_000;

interface Tools {
  log: Log;
  clock: Clock;
  random: () => number;
  redactor: Redactor;
}

export type PreviousVerdictReader = (key: RecordKey, signal: AbortSignal) => Promise<PreviousRead>;

/** The reader for this run, or undefined (and a line saying why) when it has none. */
export function previousVerdictReader(inputs: QueueInputs, tools: Tools): PreviousVerdictReader | undefined {
  const { runId, job, githubToken, workflowRepo } = inputs;
  if (runId === undefined || job === undefined || workflowRepo === undefined) {
    tools.log.debug(previousWords.offRunner);
    return undefined;
  }
  if (!githubToken) {
    tools.log.info(previousWords.noToken);
    return undefined;
  }
  return async (key, signal) => {
    // Checked here, not with the inputs: a GITHUB_API_URL the read cannot use only leaves it unknown.
    const apiUrl = githubApiUrl(inputs.githubApiUrlSet);
    const { gitHubPreviousVerdicts } = await import('../github/previous-verdicts.js');
    const read = await gitHubPreviousVerdicts(
      {
        apiUrl,
        token: githubToken,
        // The workflow's repository, where its runs are: the queue's (`repo`) may be another.
        owner: workflowRepo.owner,
        name: workflowRepo.name,
        requestTimeoutMs: inputs.requestTimeoutMs,
        retries: inputs.retries,
        deadlineMs: tools.clock.now() + Math.min(DEADLINE_MS, inputs.waitTimeoutMs),
        clock: tools.clock,
        random: tools.random,
        log: (line) => tools.log.info(line),
        redactor: tools.redactor,
      },
      runId,
      key,
      signal,
    );
    const { found, requests, previous } = read;
    tools.log.info(
      found
        ? previousWords.found({ id: found.runId, number: found.runNumber }, found.record, requests)
        : previousWords.none(previous.runs.length, key.branch, requests),
    );
    return previous;
  };
}
