// Where the action looks, each value as the checks return it: the forms every parser normalises
// to, and that an input's value reaches a message only through the caller's `show` (which cuts the
// token out). The input-level messages are asserted in runner/inputs.test.ts.
import { describe, expect, it } from '@jest/globals';
import { ActionError, InputError } from '../../src/shared/errors.js';
import {
  githubApiUrl,
  hostOf,
  parseApiUrl,
  parseRepo,
  parseRepoHost,
  parseTargetBranch,
} from '../../src/runner/locations.js';

/** Marks what went through `show`, so a test sees which value a message showed, and how. */
const show = (raw: string) => `‹${raw}›`;

function rejection(parse: () => unknown): InputError {
  try {
    parse();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('no InputError');
}

describe('parseApiUrl', () => {
  it.each([
    ['https://api.trunk.io', 'https://api.trunk.io'],
    ['https://api.trunk.io///', 'https://api.trunk.io'],
    ['https://API.Trunk.io:443/', 'https://api.trunk.io'],
    ['https://proxy.example.com:8443/trunk/', 'https://proxy.example.com:8443/trunk'],
    ['http://localhost:8080/base', 'http://localhost:8080/base'],
  ])('%s → %s', (raw, url) => {
    expect(parseApiUrl(raw, show)).toBe(url);
  });

  it.each(['not a url', 'http://api.trunk.io', 'https://api.trunk.io/?x=1', 'https://api.trunk.io/#top'])(
    '%s: the value shown through show',
    (raw) => {
      const error = rejection(() => parseApiUrl(raw, show));
      expect(error.input).toBe('api-url');
      expect(error.message).toContain(`got ‹${raw}›`);
    },
  );

  it('a URL with credentials is never shown, not even through show', () => {
    const error = rejection(() => parseApiUrl('https://user:s3cret@api.trunk.io', show));
    expect(error.message).not.toMatch(/s3cret|‹/);
  });

  it('a versioned base is shown, with the base to use, each through show', () => {
    const error = rejection(() => parseApiUrl('https://proxy.example.com/trunk/v1/getQueue', show));
    expect(error.message).toMatch(
      /got ‹https:\/\/proxy\.example\.com\/trunk\/v1\/getQueue›; use ‹https:\/\/proxy\.example\.com\/trunk›$/,
    );
  });
});

describe('parseRepo', () => {
  it('splits owner/name', () => {
    expect(parseRepo('octo-org/octo.repo', show)).toEqual({ owner: 'octo-org', name: 'octo.repo' });
  });

  it.each(['octo-org/', 'octo org/repo', 'octo-org/repo\t', ''])('rejects %j', (raw) => {
    expect(rejection(() => parseRepo(raw, show)).message).toBe(`Input 'repo' must be owner/name, got ‹${raw}›`);
  });
});

describe('parseRepoHost', () => {
  it.each([
    ['GHE.Example.COM:1', 'ghe.example.com:1'],
    ['ghe.example.com:65535', 'ghe.example.com:65535'],
    ['[2001:DB8::1]', '[2001:db8::1]'],
  ])('%s → %s', (raw, host) => {
    expect(parseRepoHost(raw, show)).toBe(host);
  });

  it.each(['ghe.example.com:0', '-ghe.example.com', 'ghe-.example.com', 'ghe..example.com', '[::1'])(
    'rejects %s',
    (raw) => {
      const error = rejection(() => parseRepoHost(raw, show));
      expect(error.input).toBe('repo-host');
      expect(error.message).toMatch(/got ‹.*›$/);
    },
  );
});

describe('hostOf: the host of GITHUB_SERVER_URL, github.com when it names none', () => {
  it.each<[string | undefined, string]>([
    ['https://ghe.corp:8443/', 'ghe.corp:8443'],
    ['https://GHE.corp', 'ghe.corp'],
    [undefined, 'github.com'],
    ['', 'github.com'],
    ['not a url', 'github.com'],
    ['file:///tmp/x', 'github.com'],
  ])('%j → %s', (serverUrl, host) => {
    expect(hostOf(serverUrl)).toBe(host);
  });
});

describe('parseTargetBranch', () => {
  it.each([
    ['main', 'main'],
    ['refs/heads/release/2.x', 'release/2.x'],
    ['refs/heads/refs/heads/x', 'refs/heads/x'],
    ['refs/tags/v1', 'refs/tags/v1'],
    ['feature/ünïcode', 'feature/ünïcode'],
  ])('%s → %s', (raw, branch) => {
    expect(parseTargetBranch(raw, show)).toBe(branch);
  });

  it.each(['refs/heads/', 'a?b', 'a*b', 'a^b', 'tab\there', 'del\u007f'])('rejects %j, shown as given', (raw) => {
    const error = rejection(() => parseTargetBranch(raw, show));
    expect(error.input).toBe('target-branch');
    expect(error.message).toContain(`got ‹${raw}›`);
  });
});

describe('githubApiUrl: the runner sets it; unset, github.com', () => {
  it.each<[string | undefined, string]>([
    [undefined, 'https://api.github.com'],
    ['', 'https://api.github.com'],
    ['  ', 'https://api.github.com'],
    [' https://ghe.corp/api/v3/ ', 'https://ghe.corp/api/v3'],
    ['http://127.0.0.1:9000', 'http://127.0.0.1:9000'],
  ])('%j → %s', (raw, url) => {
    expect(githubApiUrl(raw)).toBe(url);
  });

  const refusal = (raw: string) => {
    let error: unknown;
    try {
      githubApiUrl(raw);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ActionError);
    expect(error).not.toBeInstanceOf(InputError);
    return (error as Error).message;
  };

  it.each(['http://ghe.corp/api/v3', 'ghe.corp', 'https://ghe.corp/api?x=1'])(
    'rejects %s, naming GITHUB_API_URL, not an input',
    (raw) => {
      expect(refusal(raw)).toMatch(/^GITHUB_API_URL \(".*"\) is not an https URL without a query: /);
    },
  );

  it('a URL that does not parse is quoted without the credentials it may hold', () => {
    const said = refusal('https://u:s3cretpass@exa mple.com');
    expect(said).toContain('"https://***@exa mple.com"');
    expect(said).not.toContain('s3cretpass');
    let error: unknown;
    try {
      parseApiUrl('https://u:s3cretpass@exa mple.com', (raw) => JSON.stringify(raw));
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message).toContain('got "https://***@exa mple.com"');
  });

  it('a URL with credentials is refused without quoting them', () => {
    const said = refusal('https://user:hunter2secret@ghe.corp/api/v3');
    expect(said).toMatch(/^GITHUB_API_URL must not carry credentials /);
    expect(said).not.toMatch(/hunter2secret|user/);
  });
});
