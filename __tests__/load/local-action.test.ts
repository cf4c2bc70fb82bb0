// GitHub's local-action runs the TypeScript sources with .env.example, as the README's "Run it
// locally" says: a real process that compiles the sources through tsx, seconds of it on every run,
// so it runs here (`npm run test:slow`, and .ci/run) rather than in `npm test`. What the example's
// settings give is asserted in-process too, in __tests__/project/scripts.slow.test.ts.
import { expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '../../simulator/server.mjs';
import { node } from '../helpers/node-process.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The Output/Value table local-action prints after the run. */
function outputsTable(stdout: string): Record<string, string> {
  const after = stdout.split(/^\s*Action Outputs\s*$/m)[1] ?? '';
  const rows = [...after.matchAll(/^│\s*\d+\s*│\s*'([^']*)'\s*│\s*(['"`])(.*)\2\s*│\s*$/gm)];
  return Object.fromEntries(rows.map(([, name, , value]) => [name as string, value as string]));
}

it('runs src/main.ts with .env.example against the simulator and shows the outputs', async () => {
  const sim = await startSimulator({ scenario: 'paused' });
  // Not under a path with spaces: local-action's launcher joins its arguments unquoted into a shell command.
  const dir = mkdtempSync(join(tmpdir(), 'mqs-local-action-'));
  try {
    const example = readFileSync(join(repo, '.env.example'), 'utf8');
    expect(example).toContain('INPUT_API-URL=http://127.0.0.1:8787\n');
    const envFile = join(dir, '.env');
    writeFileSync(envFile, example.replace('http://127.0.0.1:8787', sim.url));
    // Nothing of a surrounding Actions run (this suite runs in CI too) may reach the action.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(GITHUB_|INPUT_|RUNNER_|ACTIONS_)/i.test(name)),
    );
    // local-action stubs @actions/core at the path `npm ls` gives, under this folder's node_modules;
    // where node_modules is a link to another checkout's (a git worktree's), Node would load it by
    // its real path instead, past the stub, unless told to keep the link's path.
    const nodeOptions = [env.NODE_OPTIONS, '--preserve-symlinks'].filter(Boolean).join(' ');
    const bin = join(repo, 'node_modules', '@github', 'local-action', 'bin', 'local-action.js');
    const run = await node([bin, 'run', '.', 'src/main.ts', envFile], repo, 120_000, {
      ...env,
      FORCE_COLOR: '0',
      NODE_OPTIONS: nodeOptions,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/::error::/);
    expect(outputsTable(run.stdout)).toMatchObject({
      state: 'pending',
      submitted: 'true',
      ready: 'true',
      position: '3',
      'prs-ahead': '1838,1839',
      'queue-state': 'paused',
      'waited-seconds': '0',
      'timed-out': 'false',
    });
    // .env.example holds a v2 key: v2 answers, and finds the PR with one lookup.
    expect(sim.count('v2.pullRequests')).toBe(1);
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
