// @ts-check
// `npm run demo [-- --scenario NAME] [-- --list]`: starts the Trunk API simulator, runs the
// committed dist/index.js against it as the Actions runner would, and prints the step's log,
// outputs and job summary. The summary's HTML is also saved, to open in a browser.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runAction } from '../simulator/runner.mjs';
import { SCENARIOS, startSimulator } from '../simulator/server.mjs';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'testing' },
    list: { type: 'boolean', default: false },
    'wait-for': { type: 'string' },
    'fail-if-not-ready': { type: 'boolean', default: false },
  },
});

if (values.list) {
  console.log('Scenarios (npm run demo -- --scenario NAME):');
  for (const [name, scenario] of Object.entries(SCENARIOS)) console.log(`  ${name.padEnd(14)} ${scenario.description}`);
  process.exit(0);
}
const scenario = /** @type {string} */ (values.scenario);
if (!SCENARIOS[scenario]) {
  console.error(`Unknown scenario "${scenario}". npm run demo -- --list shows them.`);
  process.exit(2);
}
// The `merging` scenario only shows its point while waiting.
const waitFor = values['wait-for'] ?? (scenario === 'merging' ? 'merged' : '');

const sim = await startSimulator({ scenario });
try {
  const inputs = {
    'api-token': sim.token,
    'api-url': sim.url,
    'wait-for': waitFor,
    'poll-interval-seconds': '1',
    'fail-if-not-ready': String(values['fail-if-not-ready']),
  };
  console.log(`Scenario "${scenario}": ${SCENARIOS[scenario]?.description}`);
  console.log(`Simulator on ${sim.url}; running node dist/index.js with`);
  for (const [name, value] of Object.entries(inputs)) if (value) console.log(`  ${name}: ${value}`);
  const result = await runAction({ inputs });

  section('Step log');
  process.stdout.write(result.stdout + result.stderr);
  console.log(`(exit code ${result.code}, ${Math.round(result.ms)} ms, ${sim.requests.length} API requests)`);

  section('Outputs');
  const width = Math.max(...Object.keys(result.outputs).map((name) => name.length));
  for (const [name, value] of Object.entries(result.outputs)) {
    const shown = value.length > 100 ? `${value.slice(0, 97)}… (${value.length} chars)` : value;
    console.log(`  ${name.padEnd(width)}  ${shown}`);
  }

  section('Job summary');
  console.log(htmlToText(result.summary));
  const file = join(tmpdir(), `merge-queue-status-demo-${scenario}.html`);
  await writeFile(file, `<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif">${result.summary}`);
  console.log(`\n(the summary as HTML: ${file})`);
  process.exitCode = result.code ?? 1;
} finally {
  await sim.close();
}

/** @param {string} title */
function section(title) {
  console.log(`\n── ${title} ${'─'.repeat(Math.max(0, 60 - title.length))}`);
}

/** Renders the summary's HTML as terminal text: rows on lines, cells apart, entities decoded. */
/** @param {string} html */
function htmlToText(html) {
  return html
    .replace(/<h[23]>(.*?)<\/h[23]>/g, '\n$1\n')
    .replace(/<\/tr>|<br>|<\/li>|<\/p>/g, '\n')
    .replace(/<\/t[hd]>/g, '  ')
    .replace(/<li>/g, '  ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
