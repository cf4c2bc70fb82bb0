// Reads and validates every input before any request. Outside the runner nothing applies
// action.yml's defaults, so an empty input always means its default here.
import { InputError } from '../shared/errors.js';
import { bool, milliseconds, parse, quote, waitFor, wholeNumber, type Show } from './input-values.js';
import { unmaskable, type Redactor } from '../shared/redact.js';
import { MAX_PR, type EventFacts } from './event.js';
import { minutes, queueBranch, scope, waitForWithQueue } from './scope.js';
import { whichPr, type PrTarget } from './which-pr.js';

/**
 * The inputs that hold secrets: each is masked before anything is logged, and each is refused when
 * it is too plain to mask (see `unmaskable`).
 */
export const SECRET_INPUTS = ['api-token', 'api-key'] as const;

export interface Inputs extends PrTarget {
  /** One PR; `QueueInputs` for the queue itself. */
  scope: 'pr';
  /** The v1 organization token (`x-api-token`); empty when not set. */
  apiToken: string;
  /** The v2 API key (`Authorization: Bearer`); empty when not set. */
  apiKey: string;
  owner: string;
  name: string;
  repoHost: string;
  /** Base URL without a trailing slash. */
  apiUrl: string;
  failIfNotReady: boolean;
  /** Empty when not waiting. */
  waitFor: string[];
  waitTimeoutMs: number;
  pollIntervalMs: number;
  requestTimeoutMs: number;
  retries: number;
  summary: boolean;
}

/** `scope: queue`: the queue itself, no PR and no wait. */
export interface QueueInputs extends Omit<
  Inputs,
  keyof PrTarget | 'scope' | 'waitFor' | 'waitTimeoutMs' | 'pollIntervalMs'
> {
  scope: 'queue';
  targetBranch: string;
  stallMinutes: number;
}

export type GetInput = (name: string) => string;

/**
 * Every input and the default action.yml declares for it (a test holds the two together). An
 * empty default is taken from the run: the repository, the event's PR and branches.
 */
export const INPUT_DEFAULTS = {
  'api-token': '',
  'api-key': '',
  repo: '',
  'repo-host': '',
  pr: '',
  'target-branch': '',
  'api-url': 'https://api.trunk.io',
  'fail-if-not-ready': 'false',
  'wait-for': '',
  'wait-timeout-seconds': '3600',
  'poll-interval-seconds': '15',
  'request-timeout-seconds': '30',
  retries: '3',
  summary: 'true',
  scope: 'pr',
  'stall-minutes': '30',
} as const;
type InputName = keyof typeof INPUT_DEFAULTS;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parseApiUrl(raw: string, show: Show): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InputError('api-url', `must be an absolute https URL, got ${show(raw)}`);
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

function parseRepo(raw: string, show: Show): { owner: string; name: string } {
  const parts = raw.split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1] || /\s/.test(raw)) {
    throw new InputError('repo', `must be owner/name, got ${show(raw)}`);
  }
  return { owner: parts[0], name: parts[1] };
}

const HOST_LABEL = '[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?';
const HOST_WITH_PORT = new RegExp(`^(?:${HOST_LABEL}(?:\\.${HOST_LABEL})*|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, 'i');

/** Host names are case-insensitive; lowercased, the same host is sent in one spelling. */
function parseRepoHost(raw: string, show: Show): string {
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

function hostOf(serverUrl: string | undefined): string {
  if (!serverUrl) return 'github.com';
  try {
    return new URL(serverUrl).host || 'github.com';
  } catch {
    return 'github.com';
  }
}

/** A `refs/heads/` prefix is stripped; what is left must be a name git allows for a branch. */
function parseTargetBranch(raw: string, show: Show): string {
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

/** The one rule for the summary input, also for a run whose other inputs failed: only a valid false turns it off. */
export function summaryWanted(getInput: GetInput): boolean {
  const parsed = bool.safeParse(getInput('summary').trim() || INPUT_DEFAULTS.summary);
  return parsed.success ? parsed.data : true;
}

const V2_KEY_PREFIX = 'trunk_v2_';

/** Neither credential is set. The one line names both inputs; `input` names the least-privilege one. */
class NoCredentialsError extends InputError {
  constructor() {
    super('api-key', '');
    this.message =
      "Inputs 'api-token' and 'api-key' are both empty: set api-key to a Trunk v2 API key (trunk_v2_…; one with no permissions is enough) or api-token to the v1 organization token, from a secret. GitHub does not give secrets to workflows triggered from forks or by Dependabot (Dependabot runs get only Dependabot secrets).";
  }
}

function readCredentials(get: (name: InputName) => string): Pick<Inputs, 'apiToken' | 'apiKey'> {
  const apiToken = get('api-token');
  const apiKey = get('api-key');
  if (!apiToken && !apiKey) throw new NoCredentialsError();
  // Trunk's keys and tokens each work with one API only: sent to the other, a key is just refused.
  if (apiToken.toLowerCase().startsWith(V2_KEY_PREFIX)) {
    throw new InputError(
      'api-token',
      `holds a Trunk v2 API key (${V2_KEY_PREFIX}…); put it in api-key instead: v2 keys work only with the v2 API, and api-token goes to the v1 API`,
    );
  }
  if (/^bearer\s/i.test(apiKey)) {
    throw new InputError(
      'api-key',
      "must be the key alone, without 'Bearer ': the action writes the Authorization header itself",
    );
  }
  if (apiToken && apiToken === apiKey) {
    throw new InputError(
      'api-key',
      'holds the same value as api-token: api-key takes a Trunk v2 API key (trunk_v2_…), api-token the v1 organization token, and neither works in the place of the other',
    );
  }
  for (const [input, value] of [
    ['api-token', apiToken],
    ['api-key', apiKey],
  ] as const) {
    // A header cannot carry these, and Node's error for them would not say which input is wrong.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (/[\s\u0000-\u001f\u007f-\uffff]/.test(value)) {
      throw new InputError(input, 'contains white space or characters a header cannot carry; check the secret');
    }
  }
  // Every secret input, those read elsewhere too: the entry point masks only the values that pass.
  for (const input of SECRET_INPUTS) {
    const problem = get(input) && unmaskable(get(input));
    if (problem) {
      throw new InputError(
        input,
        `${problem}: a real token or key is far longer, and masking a value this plain would hide ordinary words and numbers in the log; check the secret it comes from`,
      );
    }
  }
  return { apiToken, apiKey };
}

export function readInputs(
  getInput: GetInput,
  env: NodeJS.ProcessEnv,
  event: EventFacts,
  redactor: Redactor,
): Inputs | QueueInputs {
  const show: Show = (raw) => quote(redactor.text(raw));
  const get = (name: InputName) => getInput(name).trim() || INPUT_DEFAULTS[name];

  const credentials = readCredentials(get);
  const queueScope = parse('scope', scope, get('scope'), show) === 'queue';

  const repoRaw = get('repo') || (env.GITHUB_REPOSITORY ?? '');
  if (!repoRaw) throw new InputError('repo', 'is empty and GITHUB_REPOSITORY is not set; set repo to owner/name');
  const repo = parseRepo(repoRaw, show);

  // The queue itself needs no PR: a schedule's event has none, and `pr` is not asked.
  const prRaw = queueScope ? '' : get('pr');
  const prInput = prRaw
    ? parse('pr', wholeNumber(1, MAX_PR, `a pull request number from 1 to ${MAX_PR}`), prRaw, show)
    : undefined;
  const branchRaw = get('target-branch');
  const branch = branchRaw && parseTargetBranch(branchRaw, show);
  const target = queueScope ? undefined : whichPr(prInput, branch, event);

  const inputs = {
    ...credentials,
    ...repo,
    repoHost: get('repo-host') ? parseRepoHost(get('repo-host'), show) : hostOf(env.GITHUB_SERVER_URL),
    apiUrl: parseApiUrl(get('api-url'), show),
    failIfNotReady: parse('fail-if-not-ready', bool, get('fail-if-not-ready'), show),
    waitFor: parse('wait-for', waitFor, get('wait-for'), show),
    waitTimeoutMs: parse('wait-timeout-seconds', milliseconds(0, true, 'above 0'), get('wait-timeout-seconds'), show),
    pollIntervalMs: parse(
      'poll-interval-seconds',
      milliseconds(1, false, 'of at least 1'),
      get('poll-interval-seconds'),
      show,
    ),
    requestTimeoutMs: parse(
      'request-timeout-seconds',
      milliseconds(0, true, 'above 0'),
      get('request-timeout-seconds'),
      show,
    ),
    retries: parse('retries', wholeNumber(0, 10, 'a whole number from 0 to 10'), get('retries'), show),
    stallMinutes: parse('stall-minutes', minutes, get('stall-minutes'), show),
  };
  // Checked here for its message; the value is summaryWanted's, the rule a run whose inputs failed uses too.
  parse('summary', bool, get('summary'), show);
  const summary = summaryWanted(getInput);
  const { waitFor: states, waitTimeoutMs, pollIntervalMs, stallMinutes, ...common } = inputs;
  if (target) return { ...common, ...target, scope: 'pr', waitFor: states, waitTimeoutMs, pollIntervalMs, summary };
  if (states.length > 0) throw waitForWithQueue();
  return { ...common, scope: 'queue', targetBranch: queueBranch(branch, event), stallMinutes, summary };
}
