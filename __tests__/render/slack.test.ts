// The report as a Slack message: text from outside escaped as Slack requires, so it can neither
// ping a channel nor forge a link; the action's own words kept, and never redacted; links only
// to https URLs Slack can carry; a bold verdict first, and at most 3,000 characters.
import { describe, expect, it } from '@jest/globals';
import { outside } from '../../src/shared/format.js';
import { slackLink, slackMessage, slackWords, sparkline } from '../../src/render/slack.js';

const none = (text: string) => text;

describe('slackWords', () => {
  it.each([
    ['<!channel> merge now', '&lt;!channel&gt; merge now'],
    ['<https://evil.example|click>', '&lt;https://evil.example|click&gt;'],
    ['@here and @channel and @everyone', '@\u200dhere and @\u200dchannel and @\u200deveryone'],
    ['a & b\nc', 'a &amp; b c'],
  ])('text from outside %j: no ping, no link, one line', (text, expected) => {
    expect(slackWords(`Title: ${outside(text)}`, none)).toBe(`Title: ${expected}`);
  });

  it('the credentials are cut out of text from outside, and only of it', () => {
    const redact = (text: string) => text.replaceAll('1842', '***');
    expect(slackWords(`PR #1842: ${outside('token 1842')}`, redact)).toBe('PR #1842: token ***');
  });

  it("the action's own words keep their backticks and are escaped too", () => {
    expect(slackWords('required check `build` is failing & <b>', none)).toBe(
      'required check `build` is failing &amp; &lt;b&gt;',
    );
  });
});

describe('slackLink', () => {
  it.each([
    ['https://github.com/o/r/pull/1', '<https://github.com/o/r/pull/1|PR #1>'],
    ['http://insecure.example', 'PR #1'],
    ['javascript:alert(1)', 'PR #1'],
    ['https://evil.example/a|b', 'PR #1'],
    [undefined, 'PR #1'],
  ])('%s', (url, expected) => {
    expect(slackLink(url, 'PR #1', (text) => text)).toBe(expected);
  });

  it('a URL that carries a credential: the label alone, the URL nowhere', () => {
    const key = 'trunk_v2_sim_0123456789abcdef';
    const redact = (text: string) => text.split(key).join('***');
    expect(slackLink(`https://app.trunk.io/q?k=${key}`, 'the queue in Trunk', redact)).toBe('the queue in Trunk');
    expect(slackLink('https://app.trunk.io/q', 'the queue in Trunk', redact)).toBe(
      '<https://app.trunk.io/q|the queue in Trunk>',
    );
  });
});

describe('slackMessage', () => {
  it('a bold verdict first, then the lines that are not empty', () => {
    expect(slackMessage('✅ Ready', ['', 'one', '', 'two'])).toBe('*✅ Ready*\none\ntwo');
  });

  it('at most 3,000 characters: the last lines go first, the verdict stays', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i} ${'x'.repeat(100)}`);
    const text = slackMessage('❌ Not ready', lines);
    expect(text.length).toBeLessThanOrEqual(3_000);
    expect(text.startsWith('*❌ Not ready*\nline 0 ')).toBe(true);
    expect(text).not.toContain('line 39');
    expect(slackMessage('x'.repeat(5000), []).length).toBe(3_000);
  });
});

describe('sparkline', () => {
  it('bars from the lowest to the highest value, the highest full', () => {
    expect(sparkline([0, 1, 2, 4, 8])).toBe('▁▂▃▅█');
    expect(sparkline([0, 0])).toBe('▁▁');
  });
});
