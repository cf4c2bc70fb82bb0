// Every line the action logs goes through here: the token cut out (the runner masks it too, but
// only after `::add-mask::` and only on a runner), and made one line, so that text from the API
// can neither break a line nor start a workflow command of its own. The runner still reads the
// old `##[command]` form anywhere in a line (actions/runner, ActionCommand.TryParse), so that
// sequence is broken up too.
import { oneLine, plainWords } from './format.js';
import type { Redactor } from './redact.js';

export interface Log {
  info(line: string): void;
  warning(line: string): void;
  /** With a title, the annotation is one a later run can find by it (the queue's verdict record). */
  notice(line: string, title?: string): void;
  debug(line: string): void;
}

/** Where the lines go: the runner's own log commands, or a test's list. */
export type LogSink = Log;

export function createLog(io: LogSink, redactor: Redactor): Log {
  const clean = (line: string) => oneLine(redactor.text(plainWords(line))).replace(/##\[/g, '## [');
  return {
    info: (line) => io.info(clean(line)),
    warning: (line) => io.warning(clean(line)),
    notice: (line, title) => io.notice(clean(line), title === undefined ? undefined : clean(title)),
    debug: (line) => io.debug(clean(line)),
  };
}
