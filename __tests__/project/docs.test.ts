// The README's tables and action.yml's vocabulary cannot drift from the code's single lists.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { renderReadme } from '../../scripts/docs.mjs';
import { HEALTH_REASON_CODES } from '../../src/core/health.js';
import { PR_STATES, REASON_CODES, WAITABLE_STATES } from '../../src/core/verdict.js';
import { WINDOW_REASON_CODES } from '../../src/core/window/thresholds.js';
import { assessQueue } from '../../src/core/health.js';
import { queueOutputs } from '../../src/render/queue-outputs.js';
import { queue } from '../helpers/fixtures.js';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const actionYml = read('action.yml');
const action = parse(actionYml) as {
  inputs: Record<string, { description: string }>;
  outputs: Record<string, { description: string }>;
};

describe('docs', () => {
  it('README tables are what npm run docs writes from action.yml', () => {
    const readme = read('README.md');
    expect(renderReadme(readme, actionYml)).toBe(readme);
  });

  it('would notice a README table that drifted', () => {
    const drifted = read('README.md').replace('| `retries` | `3` |', '| `retries` | `5` |');
    expect(renderReadme(drifted, actionYml)).not.toBe(drifted);
  });

  it('action.yml names every state an output or wait-for takes, each description in one or two short sentences', () => {
    const words = (text: string | undefined) => new Set(text?.match(/[a-z_<>]+/g));
    const state = words(action.outputs.state?.description);
    expect([...PR_STATES, 'not_submitted', 'no_pull_request'].filter((s) => !state.has(s))).toEqual([]);
    const waitFor = words(action.inputs['wait-for']?.description);
    expect(WAITABLE_STATES.filter((s) => !waitFor.has(s))).toEqual([]);
    for (const [name, { description }] of [...Object.entries(action.inputs), ...Object.entries(action.outputs)]) {
      const text = description.replace(/\s+/g, ' ').trim();
      expect([name, text.length <= 200]).toEqual([name, true]);
      expect([name, (text.match(/[.!?](\s|$)/g) ?? []).length <= 2]).toEqual([name, true]);
    }
  });

  it('the README lists every reason code the code knows', () => {
    const readme = read('README.md');
    const listed = new Set(readme.match(/`[a-z_<>]+`/g)?.map((code) => code.slice(1, -1)));
    const codes = [...REASON_CODES, ...HEALTH_REASON_CODES, ...WINDOW_REASON_CODES];
    expect(codes.filter((code) => !listed.has(code))).toEqual([]);
  });

  it('an output that belongs to one scope says it is empty in the others', () => {
    // Every output a report on the queue leaves empty says so; the queue's own say where they apply.
    const answer = queue([[1840, 'testing']]);
    const health = assessQueue({ queue: answer.queue, nowMs: Date.now(), stallMinutes: 30 });
    const { outputs } = queueOutputs(answer, health);
    const emptyInQueue = Object.entries(outputs)
      .filter(
        ([name, value]) =>
          value === '' && !['queue-longest-wait-seconds', 'queue-oldest-testing-seconds'].includes(name),
      )
      .map(([name]) => name)
      .filter((name) => !/^(markdown|slack-text|not-ready-reasons)$/.test(name));
    expect(emptyInQueue.length).toBeGreaterThan(20);
    const says = (name: string, pattern: RegExp) => [name, pattern.test(action.outputs[name]?.description ?? '')];
    for (const name of emptyInQueue) {
      expect(
        says(name, /[Ee]mpty with scope:? queue|scope: queue with a window|empty in other scopes|empty in other runs/),
      ).toEqual([name, true]);
    }
    for (const name of ['queue-testing', 'queue-waiting', 'merged-count', 'percentile-kind', 'commits-checked']) {
      expect(says(name, /empty (in other|otherwise)/)).toEqual([name, true]);
    }
  });
});
