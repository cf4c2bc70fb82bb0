// The entry point only runs the action. No top-level await: with one, the bundler defers the
// evaluation of every module behind it, some 30 ms before the first request on every run. Without
// it, a run whose work never settled would end with exit code 0 and nothing written, and a gate
// would pass on nothing; so a run that has not finished when the process is about to end fails.
import { run } from './main.js';

let finished = false;
process.on('beforeExit', () => {
  if (finished) return;
  finished = true;
  process.exitCode = 1;
  process.stdout.write(
    '::error::The action ended before its work finished: an answer never came and nothing else was pending. This is a bug; please report it.\n',
  );
});
void run().finally(() => {
  finished = true;
});
