// Every line the action writes goes through here, with the token cut out of it. The runner masks
// the token too, but only after `::add-mask::`, and only on the runner; this holds everywhere,
// in any letter case (a server may echo the token back in an error body, upper-cased or not).
import * as core from '@actions/core';

export interface Log {
  info(line: string): void;
  warning(line: string): void;
  debug(line: string): void;
  redact(text: string): string;
}

export function createLog(secret: string): Log {
  const pattern = secret ? new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi') : undefined;
  const redact = (text: string) => (pattern ? text.replace(pattern, '***') : text);
  return {
    info: (line) => core.info(redact(line)),
    warning: (line) => core.warning(redact(line)),
    debug: (line) => core.debug(redact(line)),
    redact,
  };
}
