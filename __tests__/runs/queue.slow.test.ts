// scope: queue over 45 days of the busy queue: the contract's cap of 200 history requests stops the
// reads, and the report says what was covered.
import { describe, expect, it } from '@jest/globals';
import { reportOnQueue } from '../../src/runs/queue.js';
import { queueInputs, queueTools } from '../helpers/queue-run.js';
import { useSimulator } from '../helpers/simulator.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

const sim = useSimulator();

describe("a window's reads, within the contract's cap", () => {
  it('45 days of a busy queue: at most 200 history requests, then what was covered', async () => {
    sim.useScenario('busy-week');
    const { run } = queueTools(new VirtualClock(Date.now()));
    const before = sim.requests.length;
    const { report } = await reportOnQueue(
      queueInputs(sim, { apiToken: '', apiKey: sim.apiKey, window: { label: '45d', ms: 45 * 86_400_000 } }),
      run,
    );
    const reads = ['v2.queuePullRequests', 'v2.testingResults', 'v2.historyBatch'];
    const history = sim.requests.slice(before).filter((request) => reads.includes(request.endpoint));
    // 45 days of about 2,000 trips a week need far more: the cap is what stops the reads.
    expect(history.length).toBeGreaterThan(190);
    expect(history.length).toBeLessThanOrEqual(200);
    expect(report.lines.join(' ')).toMatch(/the last \d+ of 45 days/);
  });
});
