// The story's section of the summary, from a status with a story: every text in it is Trunk's,
// so it is escaped, and linked only when it is an https URL; codes get words where there are some.
// The section inside the whole summary, through both APIs, is in summary.test.ts and run/v2.test.ts.
import { describe, expect, it } from '@jest/globals';
import type { Story } from '../../src/core/model.js';
import { deriveStatus } from '../../src/core/status.js';
import { storySection } from '../../src/render/summary-story.js';
import { found, queue } from '../helpers/fixtures.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');

function section(story: Story | undefined, state = 'testing'): string {
  const status = deriveStatus({
    prNumber: 1842,
    answer: found({ state }),
    queue: queue([[1842, state]]),
    story,
    nowMs: NOW,
  });
  return storySection(status, NOW);
}

describe('storySection', () => {
  it('no story (v1 alone), or a story with nothing in it: no section at all', () => {
    expect(section(undefined)).toBe('');
    expect(section({ leftOut: [] })).toBe('');
  });

  it("Trunk's texts are escaped; a link is made only of an https URL", () => {
    const html = section({
      blockReasons: [{ code: 'failing_check', message: '<img src=x onerror=alert(1)>', check: 'ci/<b>' }],
      trunkUrl: 'javascript:alert(1)',
      leftOut: ['its merge estimate: Trunk throttled the read <script>'],
    });
    expect(html).not.toMatch(/<img|<b>|<script|href="javascript/);
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('<code>failing_check</code>');
  });

  it('a block reason without a message gets words; an unknown code shows as itself', () => {
    const html = section({ blockReasons: [{ code: 'review_required' }, { code: 'new_rule' }], leftOut: [] });
    expect(html).toContain('<li>it needs an approving review <code>review_required</code></li>');
    expect(html).toContain('<li>new_rule <code>new_rule</code></li>');
  });

  it('why it left: the reason in words, who and when, the failing checks linked when https', () => {
    const html = section(
      {
        exit: {
          reason: 'test_run_required_status_failed',
          actor: 'trunk-io[bot]',
          at: '2026-11-25T11:48:00Z',
          failingChecks: [
            { name: 'build', url: 'https://github.com/o/r/runs/1', conclusion: 'failure' },
            { name: 'lint', url: 'http://insecure.test/2', conclusion: null },
          ],
        },
        leftOut: [],
      },
      'failed',
    );
    expect(html).toContain('Left the queue by trunk-io[bot] 12 min ago: a required check failed in its test run.');
    expect(html).toMatch(/<a href="https:\/\/github\.com\/o\/r\/runs\/1"[^>]*><code>build<\/code><\/a> \(failure\)/);
    expect(html).not.toContain('http://insecure.test');
  });

  it('a PR held as failing says held, not left', () => {
    expect(section({ exit: { failingChecks: [] }, leftOut: [] }, 'pending_failure')).toContain(
      'Held as failing: Trunk gave no reason.',
    );
  });
});
