// The PR a read asks about: a source made for the queue alone has none, and asking it for a PR is
// a bug in the action, said as one, not a user's mistake.
import { describe, expect, it } from '@jest/globals';
import { askedPr, type TrunkTarget } from '../../src/trunk/target.js';

const target: TrunkTarget = {
  apiUrl: 'https://api.trunk.io',
  host: 'github.com',
  owner: 'octo-org',
  name: 'octo-repo',
  targetBranch: 'main',
};

describe('askedPr', () => {
  it('is the PR the source was made for', () => {
    expect(askedPr({ ...target, pr: 1842 })).toBe(1842);
  });

  it('a source made for the queue alone throws a plain Error, not a typed one a user could fix', () => {
    let thrown: unknown;
    try {
      askedPr(target);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).constructor).toBe(Error);
    expect((thrown as Error).message).toBe('A pull request was read from a source made for the queue alone.');
  });
});
