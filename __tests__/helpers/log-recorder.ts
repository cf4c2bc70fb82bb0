// A Log that keeps its lines, for tests that call a module with the run's tools directly: info
// lines as they are, the others prefixed with their level.
import type { Log } from '../../src/shared/log.js';

export function recorder(): Log & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (line) => lines.push(line),
    warning: (line) => lines.push(`warning: ${line}`),
    notice: (line, title) => lines.push(title === undefined ? `notice: ${line}` : `notice (${title}): ${line}`),
    debug: (line) => lines.push(`debug: ${line}`),
  };
}
