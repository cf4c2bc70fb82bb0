// The v1 adapter: Trunk's two v1 reads (getSubmittedPullRequest, getQueue), with the organization
// token in `x-api-token`, turned into the neutral model. Both are sent at once; a wait polls only
// the PR and reads the queue again at its end.
import { sendWithRetries, together, type RequestContext } from '../../http/request.js';
import { ApiError } from '../../shared/errors.js';
import { askedPr, type TrunkTarget } from '../target.js';
import type { RawResponse } from '../../http/transport.js';
import type { PrAnswer, QueueAnswer, Snapshot, StatusSource, Timelines } from '../../core/model.js';
import type { WindowAnswer, WindowRequest } from '../../core/history.js';
import { mapLimited } from '../../shared/concurrency.js';
import { answerOf, detail, validate } from '../response.js';
import { V1 } from './dialect.js';
import { readV1Window } from './window.js';
import { prFacts, queueFacts, queueSchema, submittedPullRequestSchema } from './schemas.js';

export interface V1Target extends TrunkTarget {
  token: string;
}

type Endpoint = 'getSubmittedPullRequest' | 'getQueue';

/** PRs read at once for a commit verdict. */
const PARALLEL_READS = 8;

export class V1Source implements StatusSource {
  constructor(
    private readonly context: RequestContext,
    private readonly target: V1Target,
  ) {}

  /** Both requests at once; the first failure aborts the other. */
  async read(signal: AbortSignal): Promise<Snapshot> {
    const [pr, queue] = await together(signal, (both) => [this.poll(both), this.readQueue(both)]);
    return { pr, queue };
  }

  async poll(signal: AbortSignal): Promise<PrAnswer> {
    return this.readPr(askedPr(this.target), signal);
  }

  /** v1 reads one PR a request, readiness and all: a few at a time, within the organization's 100 a second. */
  async readPrs(numbers: readonly number[], signal: AbortSignal): Promise<Map<number, PrAnswer>> {
    const answers = await mapLimited(numbers, PARALLEL_READS, (number) => this.readPr(number, signal));
    return new Map(numbers.map((number, i) => [number, answers[i] as PrAnswer]));
  }

  /** v1 keeps no queue-entry history the action can read: it cannot say who merged a PR. */
  async timelines(): Promise<Timelines> {
    return { known: false };
  }

  /** The last hour's metrics, or for a longer window the count of merged PRs (./window.ts). */
  async readWindow(request: WindowRequest, signal: AbortSignal): Promise<WindowAnswer> {
    return readV1Window(this.context, this.target, request, signal);
  }

  private async readPr(number: number, signal: AbortSignal): Promise<PrAnswer> {
    const endpoint = 'getSubmittedPullRequest';
    const response = await this.call(endpoint, { ...this.repoBody(), pr: { number } }, signal);
    if (response.status === 404) return { found: false };
    const pr = validate(endpoint, response, submittedPullRequestSchema, V1);
    return { found: true, pr: prFacts(pr, response.body), json: response.body };
  }

  async refresh(_pr: PrAnswer, signal: AbortSignal): Promise<{ queue: QueueAnswer }> {
    return { queue: await this.readQueue(signal) };
  }

  async readQueue(signal: AbortSignal): Promise<QueueAnswer> {
    const endpoint = 'getQueue';
    const response = await this.call(endpoint, this.repoBody(), signal);
    if (response.status === 404) {
      const { owner, name, targetBranch, apiUrl } = this.target;
      throw new ApiError(
        endpoint,
        `there is no merge queue for ${owner}/${name} on branch "${targetBranch}" at ${apiUrl} (HTTP 404${detail(response)}). Check the inputs repo, repo-host, target-branch and api-url.`,
        { noQueue: true },
      );
    }
    return { queue: queueFacts(validate(endpoint, response, queueSchema, V1)), json: response.body };
  }

  private repoBody() {
    const { host, owner, name, targetBranch } = this.target;
    return { repo: { host, owner, name }, targetBranch };
  }

  /** One request with retries; answers with a 200 or 404 response, or throws. */
  private async call(endpoint: Endpoint, payload: unknown, signal: AbortSignal): Promise<RawResponse> {
    const response = await sendWithRetries(
      this.context,
      {
        endpoint,
        method: 'POST',
        url: new URL(`${this.target.apiUrl}/v1/${endpoint}`),
        headers: { 'content-type': 'application/json', 'x-api-token': this.target.token },
        payload,
        describe: V1.describe,
      },
      signal,
    );
    return answerOf(endpoint, response, V1);
  }
}
