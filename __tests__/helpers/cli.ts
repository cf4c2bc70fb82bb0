// A command-line script's main run in this process as `node script …argv` would run it: the exit
// code its process would end with (runMain in simulator/cli.mjs) and what it wrote to stdout and
// stderr, console included, kept rather than shown.
import { jest } from '@jest/globals';
import { format } from 'node:util';
import { runMain } from '../../simulator/cli.mjs';

export interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `main` with `argv` as its command line; `command` is how the user runs it, as its runCli says. */
export async function runScript(
  command: string,
  main: () => Promise<number | undefined>,
  argv: string[],
): Promise<Ended> {
  const written = { stdout: '', stderr: '' };
  const chunks = (stream: keyof typeof written) => (chunk: string | Uint8Array) => {
    written[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  };
  const lines =
    (stream: keyof typeof written) =>
    (...args: unknown[]) => {
      written[stream] += `${format(...args)}\n`;
    };
  const spies = [
    jest.spyOn(process.stdout, 'write').mockImplementation(chunks('stdout')),
    jest.spyOn(process.stderr, 'write').mockImplementation(chunks('stderr')),
    jest.spyOn(console, 'log').mockImplementation(lines('stdout')),
    jest.spyOn(console, 'error').mockImplementation(lines('stderr')),
  ];
  try {
    const code = await runMain(command, main, argv);
    return { code, ...written };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
