// The real runner's I/O: inputs read by @actions/core's own rule without loading it, and the calls
// made before @actions/core has loaded run once it has, in the order they were made, with a
// failure surfacing from settle(). Run in this process against real files, with stdout captured.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import * as core from '@actions/core';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actionsRunner } from '../../src/runner/io.js';

describe('runner/io', () => {
  let dir: string;
  const saved = { ...process.env };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mqs-runner-io-'));
  });
  afterEach(() => {
    // Key by key: the object stays the one the runner's modules hold.
    for (const name of Object.keys(process.env)) if (!Object.hasOwn(saved, name)) delete process.env[name];
    Object.assign(process.env, saved);
    rmSync(dir, { recursive: true, force: true });
    jest.restoreAllMocks();
  });

  describe('getInput', () => {
    it.each([
      ['api-token', '  tok  '],
      ['wait-for', 'merged, failed'],
      ['fail if not ready', 'true'],
      ['pr', ''],
    ])('%s reads as core.getInput reads it', (name, value) => {
      process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
      expect(actionsRunner.getInput(name)).toBe(core.getInput(name));
    });
  });

  describe('calls before @actions/core has loaded', () => {
    it('run in order once it loads: the mask before any line', async () => {
      const written: string[] = [];
      jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return true;
      });
      actionsRunner.setSecret('s3cr3t-value');
      actionsRunner.info('first line');
      actionsRunner.warning('a warning');
      await actionsRunner.settle();
      const text = written.join('');
      expect(text.indexOf('::add-mask::s3cr3t-value')).toBeGreaterThanOrEqual(0);
      expect(text.indexOf('::add-mask::')).toBeLessThan(text.indexOf('first line'));
      expect(text.indexOf('first line')).toBeLessThan(text.indexOf('::warning::a warning'));
    });

    it('settle() rejects with an output that could not be written, once', async () => {
      process.env.GITHUB_OUTPUT = join(dir, 'missing', 'output');
      actionsRunner.setOutput('state', 'testing');
      await expect(actionsRunner.settle()).rejects.toThrow(/missing/);
      await expect(actionsRunner.settle()).resolves.toBeUndefined();
    });

    it('outputs go to GITHUB_OUTPUT as core writes them', async () => {
      const file = join(dir, 'output');
      writeFileSync(file, '');
      process.env.GITHUB_OUTPUT = file;
      actionsRunner.setOutput('state', 'testing');
      await actionsRunner.settle();
      expect(readFileSync(file, 'utf8')).toMatch(/^state<<ghadelimiter_[\w-]+\ntesting\nghadelimiter_[\w-]+\n$/);
    });
  });
});
