// A deploy gate's run in-process against the file's simulator: the GitHub scenario's commit pushed
// to main from its `before` (unless the options give another event), with a credential, GitHub's
// API at the simulator, and this run's id as the runner sets it.
import { SIM_BASE_SHA, type Simulator } from '../../simulator/server.mjs';
import { runInProcess, type InProcessOptions } from './in-process.js';

/** This run's id (GITHUB_RUN_ID): not one of any scenario's past runs. */
export const RUN_ID = '9000001';
export const REPOSITORY = { full_name: 'octo-org/octo-repo', default_branch: 'main' };

/** Which credentials the step gets. */
export type Api = 'v1' | 'v2' | 'both';
const credentials: Record<Api, (sim: Simulator) => Record<string, string>> = {
  v1: (sim) => ({ 'api-token': sim.token }),
  v2: (sim) => ({ 'api-key': sim.apiKey }),
  both: (sim) => ({ 'api-token': sim.token, 'api-key': sim.apiKey }),
};

/** A push to main: `after` from `before`, with the payload's other fields given. */
export const pushEvent = (after: string, before: string, extra: Record<string, unknown> = {}) => ({
  ref: 'refs/heads/main',
  before,
  after,
  deleted: false,
  repository: REPOSITORY,
  ...extra,
});

export function gateRun(
  sim: Simulator,
  inputs: Record<string, string> = {},
  options: InProcessOptions & { api?: Api } = {},
) {
  const { sha, before } = sim.gitHubScenario();
  return runInProcess({
    eventName: 'push',
    event: pushEvent(sha, before ?? SIM_BASE_SHA),
    ...options,
    inputs: {
      ...credentials[options.api ?? 'v2'](sim),
      'api-url': sim.url,
      'github-token': sim.githubToken,
      ...inputs,
    },
    env: {
      GITHUB_API_URL: sim.url,
      GITHUB_SHA: sha,
      GITHUB_REF: 'refs/heads/main',
      GITHUB_RUN_ID: RUN_ID,
      ...options.env,
    },
  });
}

/** What `work` asked the simulator, with its result: the requests made, and a count by endpoint. */
export async function requestsDuring<T>(sim: Simulator, work: () => Promise<T>) {
  const before = sim.requests.length;
  const result = await work();
  const made = sim.requests.slice(before);
  const of = (endpoint: string) => made.filter((request) => request.endpoint === endpoint).length;
  return { result, made, of };
}
