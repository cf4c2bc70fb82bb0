// A node process run to its end, its output kept with the time each stdout chunk came: for the
// scripts' and the demo's tests, which check that a log streams while the process still runs.
import { spawn } from 'node:child_process';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** ms from the start to each stdout chunk */
  chunks: Array<{ at: number; text: string }>;
  ms: number;
}

/** Runs `node …args` in `cwd` to its end. */
export function node(args: string[], cwd: string, timeoutMs = 60_000, env = process.env): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const run: Run = { code: null, stdout: '', stderr: '', chunks: [], ms: 0 };
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    run.stdout += text;
    run.chunks.push({ at: performance.now() - started, text });
  });
  child.stderr.on('data', (text: string) => (run.stderr += text));
  const killer = setTimeout(() => child.kill(), timeoutMs);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ ...run, code, ms: performance.now() - started });
    }),
  );
}
