// The events a run starts from, where several test files need the same one.
import { SIM_BASE_SHA, SIM_BRANCH, SIM_REPO } from '../../simulator/server.mjs';

/** A scheduled run, as a report on the queue runs: its event names the repository and no PR. */
export const scheduleRun = {
  eventName: 'schedule',
  event: {
    schedule: '0 * * * *',
    repository: { full_name: `${SIM_REPO.owner}/${SIM_REPO.name}`, default_branch: SIM_BRANCH },
  },
} as const;

/**
 * A push of `sha` to the queue's branch, as a deploy gate runs on it, with GitHub's API at `apiUrl`
 * (the simulator's): the options of runInProcess.
 */
export function pushRun(sha: string, apiUrl: string) {
  return {
    eventName: 'push',
    event: {
      ref: `refs/heads/${SIM_BRANCH}`,
      before: SIM_BASE_SHA,
      after: sha,
      deleted: false,
      repository: { full_name: `${SIM_REPO.owner}/${SIM_REPO.name}`, default_branch: SIM_BRANCH },
    },
    env: { GITHUB_API_URL: apiUrl, GITHUB_SHA: sha, GITHUB_REF: `refs/heads/${SIM_BRANCH}` },
  };
}
