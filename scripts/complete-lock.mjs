// @ts-check
// `npm run complete-lock`, after any `npm install` that rewrote package-lock.json.
// The registry this project is built from serves only the Linux builds of unrs-resolver's
// per-platform bindings (jest 30 resolves modules with it), so npm leaves the others out of the
// lock file, and `npm ci` then refuses the lock everywhere. This records each missing binding as
// an optional package for its own platform: npm ci accepts the lock, and skips the entries on
// every machine whose platform they do not fit, as it would have anyway.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [where, pkg] of Object.entries(packages)) {
  if (!where.endsWith('node_modules/unrs-resolver')) continue;
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const platform = /resolver-binding-([a-z0-9]+)-([a-z0-9]+)/.exec(name);
    if (!platform) continue;
    const [, os, cpu] = platform;
    packages[key] = { version, cpu: [cpu], dev: true, license: 'MIT', optional: true, os: [os] };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform bindings recorded.`);
