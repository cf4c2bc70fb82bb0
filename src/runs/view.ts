// What every kind of run shows a person: its job summary, and the same report as a Slack message.
// The entry point writes both, and the summary again as a comment (the `markdown` output).
import type { SlackContext } from '../render/slack-reports.js';

export interface RunView {
  /**
   * The summary, once the step's failure, if any, is known: `failure` what failed that the summary
   * does not say itself; `failed` whether the step fails at all.
   */
  summary(serverUrl: string, failure: string | undefined, failed?: boolean): string;
  slack(context: SlackContext): string;
}
