// prs-ahead of a PR last in a 120,000-entry queue: over GitHub's 1 MB output limit, so left out and
// said so (outputs.test.ts has the rest of the outputs).
import { describe, expect, it } from '@jest/globals';
import { toOutputs } from '../../src/render/outputs.js';
import { deriveStatus } from '../../src/core/status.js';
import { found, queueBody, queueFrom } from '../helpers/fixtures.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const facts = { pr: 1842, mergeQueueRun: false };

describe('toOutputs over the limit', () => {
  it('leaves out prs-ahead over 1 MB too: a PR last in a 120,000-entry queue', () => {
    // Eight-digit numbers and a comma each: 1.08 MB of PRs ahead.
    const line = Array.from({ length: 120_000 }, (_, i) => ({ prNumber: 10_000_000 + i, state: 'pending' }));
    line.push({ prNumber: 1842, state: 'pending' });
    const { outputs, omitted } = toOutputs(
      deriveStatus({
        prNumber: 1842,
        answer: found({ stateChangedAt: '2026-11-20T11:48:00Z' }),
        queue: queueFrom({ ...queueBody(), enqueuedPullRequests: line }),
        nowMs: NOW,
      }),
      facts,
      undefined,
    );
    expect(outputs).toMatchObject({ 'prs-ahead': '', position: '120001', 'ahead-pending': '120000' });
    expect(omitted).toContainEqual(
      expect.stringMatching(/^Output prs-ahead left out: it is 1\.1 MB, over GitHub's 1 MB output limit\.$/),
    );
  });
});
