// The lock file is npm's own and complete, so `npm ci` installs from it on every platform CI runs:
// each package carries its integrity hash, and each platform binding a package asks for is
// recorded (npm leaves out one it cannot find in the registry, and `npm ci` then refuses the lock).
// No tarball URLs: the lock names no registry host.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';

interface Locked {
  version?: string;
  link?: boolean;
  integrity?: string;
  resolved?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, Locked>;
};
const installed = Object.entries(lock.packages).filter(([where, pkg]) => where !== '' && !pkg.link);

/** Where npm would look for `name` from the package at `where`: its own node_modules, then each parent's. */
function lookup(where: string, name: string): Locked | undefined {
  for (let dir = where; ;) {
    const found = lock.packages[`${dir === '' ? '' : `${dir}/`}node_modules/${name}`];
    if (found || dir === '') return found;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

describe('package-lock.json', () => {
  it('records an integrity hash for every installed package', () => {
    expect(installed.filter(([, pkg]) => !pkg.integrity).map(([where]) => where)).toEqual([]);
  });

  it('records every optional dependency a locked package asks for', () => {
    const missing = installed.flatMap(([where, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => !lookup(where, name))
        .map((name) => `${where} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('names no registry host', () => {
    expect(installed.filter(([, pkg]) => /^https?:/.test(pkg.resolved ?? '')).map(([where]) => where)).toEqual([]);
  });
});
