import { describe, expect, it } from '@jest/globals';
import { eventFacts } from '../src/event.js';

const repository = { default_branch: 'trunk' };
const pullRequest = { number: 12, base: { ref: 'main' }, head: { sha: 'abc123' } };

describe('eventFacts', () => {
  it.each(['pull_request', 'pull_request_target'])('reads the PR, its base and head from %s', (name) => {
    expect(eventFacts(name, { pull_request: pullRequest, repository })).toEqual({
      prNumber: 12,
      baseRef: 'main',
      defaultBranch: 'trunk',
      headSha: 'abc123',
    });
  });

  it('reads the PR number of an issue_comment on a pull request', () => {
    const payload = { issue: { number: 34, pull_request: { url: 'https://api.github.com/…' } }, repository };
    expect(eventFacts('issue_comment', payload)).toEqual({ prNumber: 34, defaultBranch: 'trunk' });
  });

  it('takes no PR from an issue_comment on a plain issue', () => {
    expect(eventFacts('issue_comment', { issue: { number: 34 }, repository }).prNumber).toBeUndefined();
  });

  it('takes no PR from a push and tolerates odd payloads', () => {
    expect(eventFacts('push', { ref: 'refs/heads/main', repository })).toEqual({ defaultBranch: 'trunk' });
    expect(eventFacts('pull_request', null)).toEqual({});
    expect(eventFacts('pull_request', { pull_request: { number: '12' } }).prNumber).toBeUndefined();
  });
});
