// @ts-check
// `npm run docs`: writes README.md's input and output tables from action.yml, so the two cannot
// drift. The test suite calls renderReadme() and fails when README.md differs from it.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isMain } from '../simulator/cli.mjs';

const root = new URL('../', import.meta.url);

/** @param {string} text */
const cell = (text) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');

/** @param {{ description: string, required?: boolean, default?: string }} input */
function defaultCell(input) {
  if (input.required) return '(required)';
  if (input.default) return `\`${input.default}\``;
  return /Default:/.test(input.description) ? '(see description)' : '(empty)';
}

/**
 * @param {string} actionYml
 * @returns {{ inputs: string, outputs: string }}
 */
export function renderTables(actionYml) {
  /** @type {{ inputs: Record<string, { description: string, required?: boolean, default?: string }>, outputs: Record<string, { description: string }> }} */
  const action = parse(actionYml);
  const inputs = [
    '| input | default | description |',
    '|---|---|---|',
    ...Object.entries(action.inputs).map(
      ([name, input]) => `| \`${name}\` | ${defaultCell(input)} | ${cell(input.description)} |`,
    ),
  ].join('\n');
  const outputs = [
    '| output | description |',
    '|---|---|',
    ...Object.entries(action.outputs).map(([name, output]) => `| \`${name}\` | ${cell(output.description)} |`),
  ].join('\n');
  return { inputs, outputs };
}

/**
 * README.md with its tables replaced by those action.yml gives.
 * @param {string} readme
 * @param {string} actionYml
 */
export function renderReadme(readme, actionYml) {
  const tables = renderTables(actionYml);
  let out = readme;
  for (const [name, table] of Object.entries(tables)) {
    const pattern = new RegExp(`(<!-- ${name}:start -->)[\\s\\S]*?(<!-- ${name}:end -->)`);
    if (!pattern.test(out)) throw new Error(`README.md has no <!-- ${name}:start --> … <!-- ${name}:end --> markers`);
    out = out.replace(pattern, (_, start, end) => `${start}\n${table}\n${end}`);
  }
  return out;
}

if (isMain(import.meta.url)) {
  const readmeUrl = new URL('README.md', root);
  const readme = readFileSync(readmeUrl, 'utf8');
  const next = renderReadme(readme, readFileSync(new URL('action.yml', root), 'utf8'));
  if (next !== readme) writeFileSync(readmeUrl, next);
  console.log(next === readme ? 'README.md tables are up to date.' : 'README.md tables rewritten from action.yml.');
}
