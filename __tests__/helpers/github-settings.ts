// GitHub's client settings for a test of the GitHub reads against the simulator: its URL and token,
// the simulator's repository, a virtual clock with no jitter (each wait is the policy's least), a
// deadline 120 s off, the run's request budget, and no credentials to cut out.
import type { SimulatorHandle } from './simulator.js';
import type { GitHubSettings } from '../../src/github/client.js';
import { SIM_REPO } from '../../simulator/server.mjs';
import { createRedactor } from '../../src/shared/redact.js';
import { VirtualClock } from './virtual-clock.js';

export function simGitHubSettings(
  sim: SimulatorHandle,
  overrides: Partial<GitHubSettings> = {},
  clock = new VirtualClock(),
): GitHubSettings {
  return {
    apiUrl: sim.url,
    token: sim.githubToken,
    owner: SIM_REPO.owner,
    name: SIM_REPO.name,
    requestTimeoutMs: 10_000,
    retries: 3,
    deadlineMs: clock.now() + 120_000,
    maxRequests: 200,
    clock,
    random: () => 0,
    log: () => undefined,
    redactor: createRedactor([]),
    ...overrides,
  };
}
