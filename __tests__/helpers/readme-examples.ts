// The README's ```yaml blocks, each named by the heading above it. Those with `jobs:` are whole
// workflows; the rest are steps to paste into one.
import { readFileSync } from 'node:fs';

export interface YamlExample {
  heading: string;
  yaml: string;
}

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

export const readmeYamlBlocks: YamlExample[] = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => ({
  heading: [...readme.slice(0, match.index).matchAll(/^#+ (.*)$/gm)].pop()?.[1] ?? 'README',
  yaml: match[1] ?? '',
}));

export const readmeWorkflows: YamlExample[] = readmeYamlBlocks.filter(({ yaml }) => /^jobs:/m.test(yaml));
