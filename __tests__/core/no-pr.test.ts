// A commit no pull request brought in: what the report of it holds. The sentence itself is asserted
// where a deploy-gate run writes it (run/deploy-gate.test.ts); here, what it is built from, and that
// only fail-if-not-ready makes it a failure.
import { describe, expect, it } from '@jest/globals';
import { noPrReport, noPrSentence, shortSha } from '../../src/core/no-pr.js';

const SHA = 'abcdef0123456789abcdef0123456789abcdef01';
const facts = { sha: SHA, branch: 'release/2.x', repo: 'octo-org/octo-repo' };

describe('shortSha', () => {
  it.each([
    [SHA, 'abcdef0'],
    ['abc', 'abc'],
  ])('%s → %s', (sha, short) => {
    expect(shortSha(sha)).toBe(short);
  });
});

describe('the sentence', () => {
  it("names the commit by its short SHA and the queue's branch, never the full SHA", () => {
    const sentence = noPrSentence(facts);
    expect(sentence).toMatch(/^Commit abcdef0 on release\/2\.x came in through no pull request/);
    expect(sentence).not.toContain(SHA);
  });
});

describe('the report', () => {
  it('is a failure only with fail-if-not-ready, one line ending in the reason code', () => {
    expect(noPrReport(facts, false).failures).toEqual([]);
    expect(noPrReport(facts, true).failures).toEqual([`${noPrSentence(facts)}: not ready (no_pull_request).`]);
  });

  it.each([true, false])('fail-if-not-ready %s: the status line says not ready, and nothing else is owed', (fail) => {
    expect(noPrReport(facts, fail)).toMatchObject({
      statusLine: `${noPrSentence(facts)}; not ready (no_pull_request).`,
      lines: [],
      warnings: [],
      notices: [],
    });
  });
});
