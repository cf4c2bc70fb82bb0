// The demo's text view of a job summary, the first thing a newcomer sees: every scenario's
// summary, for a PR and for the queue itself, rendered to text as `npm run demo` prints it, with
// each heading and table caption on a line of its own and each table starting on a new line.
import { describe, expect, it } from '@jest/globals';
import { htmlToText } from '../../scripts/demo.mjs';
import { SCENARIOS } from '../../simulator/server.mjs';
import { runInProcess } from '../helpers/in-process.js';
import { scheduleRun } from '../helpers/events.js';
import { useSimulator } from '../helpers/simulator.js';

const sim = useSimulator({}, 'all');

/** What is glued to something else in the text view: a caption or a table's first row not on a line of its own. */
function glued(html: string, text: string): string[] {
  const lines = new Set(text.split('\n').map((line) => line.trim()));
  const problems: string[] = [];
  for (const [, caption] of html.matchAll(/<(?:h2|h3|summary)>(.*?)<\/(?:h2|h3|summary)>/g)) {
    const shown = htmlToText(caption ?? '');
    if (!lines.has(shown)) problems.push(`caption "${shown}"`);
  }
  for (const [, row] of html.matchAll(/<table>(<tr>.*?<\/tr>)/g)) {
    const shown = htmlToText(row ?? '');
    if (!lines.has(shown)) problems.push(`first row "${shown}"`);
  }
  return problems;
}

const scope = {
  pr: {},
  queue: scheduleRun,
} as const;

describe.each(['pr', 'queue'] as const)('scope %s', (name) => {
  it.each(Object.keys(SCENARIOS))('the %s scenario: headings and captions on lines of their own', async (scenario) => {
    sim.useScenario(scenario);
    const { summary } = await runInProcess({
      ...scope[name],
      inputs: { 'api-key': sim.apiKey, 'api-url': sim.url, scope: name, retries: '0' },
    });
    const text = htmlToText(summary);
    expect(summary).toMatch(/^<h2>/);
    expect(text.split('\n')[0]).toBe(htmlToText(/^<h2>(.*?)<\/h2>/.exec(summary)?.[1] ?? ''));
    expect(glued(summary, text)).toEqual([]);
  });
});

it('would catch a caption glued to its table (the check above can fail)', () => {
  const html = '<details><summary>Queue settings</summary><table><tr><th>Concurrency</th><td>2</td></tr></table>';
  expect(glued(html, 'Queue settingsConcurrency  2')).toEqual([
    'caption "Queue settings"',
    'first row "Concurrency  2"',
  ]);
  expect(glued(html, htmlToText(html))).toEqual([]);
});
