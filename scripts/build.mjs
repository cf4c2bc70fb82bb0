// @ts-check
// `npm run build`: dist/ from the sources, as the runner runs it. ncc bundles the action and
// minifies the entry only; each chunk it splits off (every import() of a module: @actions/core with
// its HTTP stack, Trunk's v2 adapter) it writes as it is, 1 MB of source that Node reads and
// compiles on every run that loads it. So each chunk is minified here, with esbuild: already in the
// lock (tsx runs on it), deterministic for one version (CI rebuilds dist/ and compares it byte for
// byte), and a tenth of a second for all of it. Names are kept, as ncc keeps them in the entry:
// code in the chunks may read a function's or a class's name.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const ncc = createRequire(import.meta.url).resolve('@vercel/ncc/dist/ncc/cli.js');

// From empty: a chunk whose name changed would otherwise stay behind.
rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [ncc, 'build', 'src/index.ts', '-o', 'dist', '--minify', '--license', 'licenses.txt'], {
  cwd: root,
  stdio: 'inherit',
});
for (const name of readdirSync(dist).filter((file) => /^\d+\.index\.js$/.test(file))) {
  const file = join(dist, name);
  const before = readFileSync(file, 'utf8');
  const { code } = await transform(before, {
    format: 'esm',
    target: 'node20',
    minify: true,
    keepNames: true,
    legalComments: 'inline',
  });
  writeFileSync(file, code);
  console.log(`${name}: minified, ${kib(before)} → ${kib(code)}`);
}

/** @param {string} text */
function kib(text) {
  return `${Math.round(Buffer.byteLength(text) / 1024)} KiB`;
}
