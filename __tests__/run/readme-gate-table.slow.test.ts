// Every row of the README's table of what passes and holds at a deploy gate (use 2) is one demo
// command, and says what that command shows: each row's options are read as `npm run demo --`
// reads them (scripts/demo-setup.mjs), and the run they make goes through run() in-process against
// the simulator, its `ready` and `not-ready-reasons` held to the row's.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_OPTIONS, demoPlan, demoRun } from '../../scripts/demo-setup.mjs';
import { startSimulator } from '../../simulator/server.mjs';
import { runInProcess } from '../helpers/in-process.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## 2. A gate on a deploy job'), readme.indexOf('## 3. '));
const table = section
  .split('\n')
  .filter((line) => line.startsWith('| '))
  .map((line) =>
    line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim()),
  );
const [header, , ...rows] = table;
const code = (cell: string) => cell.replace(/^`|`$/g, '');

describe("the README's deploy gate table", () => {
  it('has its columns, and a row for each way the gate passes or holds', () => {
    expect(header).toEqual(['what reaches `main`', '`ready`', 'reason', '`npm run demo --`']);
    expect(rows.length).toBeGreaterThanOrEqual(16);
  });

  it.each(
    rows.map((row): [string, string, string, string] => [row[0] ?? '', row[1] ?? '', row[2] ?? '', row[3] ?? '']),
  )('%s: ready %s, %s', async (_, ready, reason, command) => {
    const { values } = parseArgs({ args: code(command).split(' '), options: DEMO_OPTIONS, strict: true });
    const plan = demoPlan(values);
    expect(plan.commitRun).toBe(true);
    const sim = await startSimulator({ scenario: plan.scenario, github: plan.githubScenario });
    try {
      const run = demoRun(values, plan, sim);
      const result = await runInProcess({ ...run, env: run.env });
      expect([result.outputs.ready, result.outputs['not-ready-reasons']]).toEqual([code(ready), code(reason)]);
    } finally {
      await sim.close();
    }
  });
});
