// A source made for the queue alone has no PR; asking it for one is a bug in the wiring, said as
// such, not blamed on an input.
import { describe, expect, it } from '@jest/globals';
import { askedPr, type TrunkTarget } from '../../src/trunk/target.js';

const target: TrunkTarget = {
  apiUrl: 'https://api.trunk.io',
  host: 'github.com',
  owner: 'o',
  name: 'r',
  targetBranch: 'main',
};

describe('askedPr', () => {
  it('the PR the source was made for', () => {
    expect(askedPr({ ...target, pr: 1842 })).toBe(1842);
  });

  it('none: an error that is not an ActionError, so the run reports it as unexpected', () => {
    expect(() => askedPr(target)).toThrow(/made for the queue alone/);
  });
});
