// The events a run starts from, where several test files need the same one.
import { SIM_BRANCH, SIM_REPO } from '../../simulator/server.mjs';

/** A scheduled run, as a report on the queue runs: its event names the repository and no PR. */
export const scheduleRun = {
  eventName: 'schedule',
  event: {
    schedule: '0 * * * *',
    repository: { full_name: `${SIM_REPO.owner}/${SIM_REPO.name}`, default_branch: SIM_BRANCH },
  },
} as const;
