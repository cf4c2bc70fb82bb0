// npm test runs the default suite's files through __tests__/suites/*.ts (jest.suites.config.js),
// which import them: a file no suite imports would never run in npm test or in CI, and a file two
// suites import would run twice.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const tests = fileURLToPath(new URL('..', import.meta.url));
const suitesDir = `${tests}suites/`;

/** What jest.config.js runs one file at a time: every *.test.ts but the slow suite's. */
const defaultFiles = readdirSync(tests, { recursive: true, encoding: 'utf8' })
  .map((file) => file.replaceAll('\\', '/'))
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.slow.test.ts') && !file.startsWith('load/'))
  .sort();

const suites = readdirSync(suitesDir).filter((file) => file.endsWith('.ts'));
/** Each suite's imports, as paths under __tests__/ with their .ts names. */
const imported = suites.flatMap((suite) =>
  [...readFileSync(`${suitesDir}${suite}`, 'utf8').matchAll(/^import '\.\.\/(.+)\.js';$/gm)].map((match) => ({
    suite,
    file: `${match[1]}.ts`,
  })),
);

/** What to do about each file no suite imports, or more than one does, or that is not a test file of the default suite. */
function problems(): string[] {
  const folder = (file: string) => file.slice(0, file.lastIndexOf('/'));
  return [
    ...defaultFiles.flatMap((file) => {
      const suitesOf = imported.filter((entry) => entry.file === file).map((entry) => entry.suite);
      if (suitesOf.length === 1) return [];
      const line = `import '../${file.replace(/\.ts$/, '.js')}';`;
      if (suitesOf.length > 1) return [`${file} is imported by ${suitesOf.join(' and ')}: keep one`];
      const beside = [...new Set(imported.filter((entry) => folder(entry.file) === folder(file)).map((e) => e.suite))];
      const where = beside.length ? beside.map((suite) => `__tests__/suites/${suite}`).join(' or ') : 'a suite';
      return [`${file} is in no suite, so npm test never runs it: add ${line} to ${where}`];
    }),
    ...imported
      .filter(({ file }) => !defaultFiles.includes(file))
      .map(({ suite, file }) => `${suite} imports ${file}, which is not a test file of the default suite`),
  ];
}

describe('the suites npm test runs', () => {
  it('import every test file of the default suite once', () => {
    expect(defaultFiles.length).toBeGreaterThan(100);
    expect(problems()).toEqual([]);
  });

  it('import nothing but those files, each suite some', () => {
    expect(suites.length).toBeGreaterThan(5);
    for (const suite of suites) {
      const text = readFileSync(`${suitesDir}${suite}`, 'utf8');
      const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('//'));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((line) => !/^import '\.\.\/.+\.test\.js';$/.test(line))).toEqual([]);
    }
  });
});
