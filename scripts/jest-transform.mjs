// @ts-check
// Jest's transform for the TypeScript of src/ and __tests__/: esbuild strips the types and keeps
// the ES modules as they are. Type checking is `npm run typecheck`'s; what Jest needs is the code,
// fast, and with a clean clone (as in CI) every file is transformed anew: ts-jest's
// transpileModule took about 9 s of CPU for the suite there, esbuild takes a fraction of one.
// esbuild is already a development dependency (local-action's tsx runs on it); @swc/jest would
// add a second native compiler with an install script, and esbuild-jest is unmaintained.
import { createHash } from 'node:crypto';
import { transformSync, version } from 'esbuild';

/**
 * What every file is compiled with: the language level of tsconfig.json's target, and the source
 * map handed to Jest apart (it maps stack traces to the TypeScript lines with it) rather than
 * inline, which every test file would parse again with each module: about a tenth of the suite.
 * @type {import('esbuild').TransformOptions}
 */
const OPTIONS = { loader: 'ts', format: 'esm', target: 'es2023', sourcemap: 'external', sourcesContent: false };
const CONFIG_KEY = JSON.stringify({ version, OPTIONS });

export default {
  canInstrument: false,
  /** @param {string} source @param {string} path */
  getCacheKey(source, path) {
    return createHash('sha256').update(CONFIG_KEY).update('\0').update(path).update('\0').update(source).digest('hex');
  },
  /** @param {string} source @param {string} path */
  process(source, path) {
    const { code, map } = transformSync(source, { ...OPTIONS, sourcefile: path });
    return { code, map };
  },
};
