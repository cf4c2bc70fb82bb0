// Where the action looks: Trunk's api-url, the repository and its host, the queue's branch, and
// GitHub's API. Each is checked before any request, and each error names the input to fix.
import { ActionError, InputError } from '../shared/errors.js';
import { quote, type Show } from './input-values.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function parseApiUrl(raw: string, show: Show): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InputError('api-url', `must be an absolute https URL, got ${show(withoutUserinfo(raw))}`);
  }
  if (url.username || url.password) {
    throw new InputError('api-url', 'must not carry credentials; they go in api-token or api-key');
  }
  if (url.search || url.hash) {
    throw new InputError('api-url', `must not have a query or fragment, got ${show(raw)}`);
  }
  // The action appends /v1/... and /v2/... itself; a base that already has one would double it.
  const segments = url.pathname.split('/');
  const version = segments.findIndex((segment) => /^v[12]$/i.test(segment));
  if (version >= 0) {
    const base = `${url.origin}${segments.slice(0, version).join('/')}`.replace(/\/+$/, '');
    throw new InputError(
      'api-url',
      `must be the API's base URL, without /v1 or /v2 (the action appends /v1/... and /v2/... itself), got ${show(raw)}; use ${show(base)}`,
    );
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new InputError(
      'api-url',
      `must use https (plain http only to localhost, 127.0.0.1 or [::1]) so the token is never sent in clear text, got ${show(raw)}`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function parseRepo(raw: string, show: Show): { owner: string; name: string } {
  const parts = raw.split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1] || /\s/.test(raw)) {
    throw new InputError('repo', `must be owner/name, got ${show(raw)}`);
  }
  return { owner: parts[0], name: parts[1] };
}

const HOST_LABEL = '[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?';
const HOST_WITH_PORT = new RegExp(`^(?:${HOST_LABEL}(?:\\.${HOST_LABEL})*|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, 'i');

/** Host names are case-insensitive; lowercased, the same host is sent in one spelling. */
export function parseRepoHost(raw: string, show: Show): string {
  const match = HOST_WITH_PORT.exec(raw);
  const port = match?.[1] === undefined ? undefined : Number(match[1]);
  if (!match || (port !== undefined && (port < 1 || port > 65535))) {
    throw new InputError(
      'repo-host',
      `must be a host name, optionally with a port (github.com, ghe.example.com:8443), without a scheme or path, got ${show(raw)}`,
    );
  }
  return raw.toLowerCase();
}

export function hostOf(serverUrl: string | undefined): string {
  if (!serverUrl) return 'github.com';
  try {
    return new URL(serverUrl).host || 'github.com';
  } catch {
    return 'github.com';
  }
}

/** A `refs/heads/` prefix is stripped; what is left must be a name git allows for a branch. */
export function parseTargetBranch(raw: string, show: Show): string {
  const branch = raw.replace(/^refs\/heads\//, '');
  if (!branch) {
    throw new InputError('target-branch', `names no branch after its refs/heads/ prefix, got ${show(raw)}`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are among those git refuses
  if (/[\s\u0000-\u001f\u007f~^:?*[\\]/.test(branch)) {
    throw new InputError(
      'target-branch',
      `must be a branch name (git allows no white space or ~ ^ : ? * [ \\ in one), got ${show(raw)}`,
    );
  }
  return branch;
}

/** GitHub's API for rule 5: the runner's GITHUB_API_URL (GitHub Enterprise Server sets its own). */
export function githubApiUrl(raw: string | undefined): string {
  const value = raw?.trim() || 'https://api.github.com';
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const loopback = url !== undefined && LOOPBACK_HOSTS.has(url.hostname);
  const unset = "the runner sets it to GitHub's API; leave it unset outside a runner";
  // A URL with credentials is never quoted: the redactor knows only the inputs' secrets.
  if (url && (url.username || url.password)) {
    throw new ActionError(`GITHUB_API_URL must not carry credentials (github-token is sent in a header): ${unset}`);
  }
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) || url.search || url.hash) {
    throw new ActionError(
      `GITHUB_API_URL (${quote(withoutUserinfo(value))}) is not an https URL without a query: ${unset}`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * A URL that does not parse may still hold `user:password@`: cut it out before the value is quoted,
 * since the redactor knows only the inputs' secrets.
 */
function withoutUserinfo(value: string): string {
  return value.replace(
    /^([a-z][a-z0-9+.-]*:)?\/\/[^/?#]*@/i,
    (_, scheme: string | undefined) => `${scheme ?? ''}//***@`,
  );
}

/** Trunk's web app, where the pages its answers link to (`htmlUrl`) are. */
const TRUNK_APP_HOST = 'app.trunk.io';

/**
 * The hosts a link from an answer may lead to in a report: Trunk's app, the api-url's host (a
 * Trunk of one's own), and the GitHub server's (a test run's PR, a check, a conflicting PR). Exact
 * names, no subdomains: a sibling host on a shared domain is not the service.
 */
export function linkHosts(
  apiUrl: string | undefined,
  serverUrl: string | undefined,
): { trunk: string[]; github: string[] } {
  const name = (url: string) => {
    try {
      return new URL(url).hostname;
    } catch {
      return '';
    }
  };
  return {
    trunk: [TRUNK_APP_HOST, name(apiUrl || 'https://api.trunk.io')].filter(Boolean),
    github: [name(serverUrl || 'https://github.com')].filter(Boolean),
  };
}

/**
 * This run's page, for a message that leaves the job (Slack): `GITHUB_SERVER_URL`, the repository
 * and `GITHUB_RUN_ID` as the runner sets them; undefined outside a runner or when one looks wrong.
 */
export function runUrl(env: NodeJS.ProcessEnv): string | undefined {
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const repo = env.GITHUB_REPOSITORY ?? '';
  const id = env.GITHUB_RUN_ID ?? '';
  if (!/^https:\/\/[^\s/"'<>|]+(\/[^\s"'<>|]*)?$/i.test(server)) return undefined;
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo) || !/^\d+$/.test(id)) return undefined;
  return `${server}/${repo}/actions/runs/${id}`;
}
