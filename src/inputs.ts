// Reads and validates every input before any request. Outside the runner nothing applies
// action.yml's defaults, so an empty input always means its default here.
import * as z from 'zod/mini';
import { InputError } from './errors.js';
import type { Redactor } from './redact.js';
import { MAX_PR, type EventFacts } from './event.js';
import { WAITABLE_STATES } from './verdict.js';
import { whichPr, type PrTarget } from './which-pr.js';

export interface Inputs extends PrTarget {
  apiToken: string;
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

export type GetInput = (name: string) => string;

/**
 * Every input and the default action.yml declares for it (a test holds the two together). An
 * empty default is taken from the run: the repository, the event's PR and branches.
 */
export const INPUT_DEFAULTS = {
  'api-token': '',
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
} as const;
export type InputName = keyof typeof INPUT_DEFAULTS;
// setTimeout cannot hold more than 2^31-1 ms (~24.8 days); no job runs that long anyway.
const MAX_SECONDS = 2_000_000;

const bool = z.pipe(
  z.enum(['true', 'True', 'TRUE', 'false', 'False', 'FALSE'], 'must be true or false'),
  z.transform((value) => value.toLowerCase() === 'true'),
);

const wholeNumber = (min: number, max: number, what: string) =>
  z.pipe(
    z.string().check(z.regex(/^\d+$/, `must be ${what}`)),
    z.pipe(z.transform(Number), z.number().check(z.minimum(min, `must be ${what}`), z.maximum(max, `must be ${what}`))),
  );

const seconds = (min: number, what: string) =>
  z.pipe(
    z.string().check(z.regex(/^\d+(\.\d+)?$/, `must be a number of seconds ${what}`)),
    z.pipe(
      z.transform(Number),
      z
        .number()
        .check(
          z.minimum(min, `must be a number of seconds ${what}`),
          z.maximum(MAX_SECONDS, `must be at most ${MAX_SECONDS} seconds`),
        ),
    ),
  );

const secondsPositive = (what: string) =>
  z.pipe(seconds(0, what), z.number().check(z.positive(`must be a number of seconds ${what}`)));

const waitFor = z.pipe(
  z.transform((value: string) =>
    value
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean),
  ),
  z.array(z.enum(WAITABLE_STATES, `must list PR states among ${WAITABLE_STATES.join(', ')}`)),
);

/** How an input's value shows in a message: the token cut out first, then shortened. */
type Show = (raw: string) => string;

function parse<T>(input: string, schema: z.ZodMiniType<T, string>, raw: string, show: Show): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? 'is invalid';
  throw new InputError(input, `${message}, got ${show(raw)}`);
}

function quote(value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 59)}…` : value;
  return JSON.stringify(shown);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parseApiUrl(raw: string, show: Show): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InputError('api-url', `must be an absolute https URL, got ${show(raw)}`);
  }
  if (url.username || url.password) {
    throw new InputError('api-url', 'must not carry credentials; the token goes in api-token');
  }
  if (url.search || url.hash) {
    throw new InputError('api-url', `must not have a query or fragment, got ${show(raw)}`);
  }
  if (/\/v1\/*$/.test(url.pathname)) {
    throw new InputError(
      'api-url',
      `must be the API's base URL, without /v1 (requests go to <api-url>/v1/...), got ${show(raw)}`,
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

function hostOf(serverUrl: string | undefined): string {
  if (!serverUrl) return 'github.com';
  try {
    return new URL(serverUrl).host || 'github.com';
  } catch {
    return 'github.com';
  }
}

export function readInputs(getInput: GetInput, env: NodeJS.ProcessEnv, event: EventFacts, redactor: Redactor): Inputs {
  const show: Show = (raw) => quote(redactor.text(raw));
  const get = (name: InputName) => getInput(name).trim() || INPUT_DEFAULTS[name];

  const apiToken = get('api-token');
  if (!apiToken) {
    throw new InputError(
      'api-token',
      'is empty. Pass a Trunk organization API token from a secret; note that GitHub does not give secrets to workflows triggered from forks or by Dependabot.',
    );
  }
  // A header cannot carry these, and Node's error for them would not say which input is wrong.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\s\u0000-\u001f\u007f-\uffff]/.test(apiToken)) {
    throw new InputError('api-token', 'contains white space or characters a header cannot carry; check the secret');
  }

  const repoRaw = get('repo') || (env.GITHUB_REPOSITORY ?? '');
  if (!repoRaw) throw new InputError('repo', 'is empty and GITHUB_REPOSITORY is not set; set repo to owner/name');

  const repo = parseRepo(repoRaw, show);

  const prRaw = get('pr');
  const prInput = prRaw
    ? parse('pr', wholeNumber(1, MAX_PR, `a pull request number from 1 to ${MAX_PR}`), prRaw, show)
    : undefined;
  const target = whichPr(prInput, get('target-branch'), event);

  return {
    apiToken,
    ...repo,
    repoHost: get('repo-host') || hostOf(env.GITHUB_SERVER_URL),
    ...target,
    apiUrl: parseApiUrl(get('api-url'), show),
    failIfNotReady: parse('fail-if-not-ready', bool, get('fail-if-not-ready'), show),
    waitFor: parse('wait-for', waitFor, get('wait-for'), show),
    waitTimeoutMs: 1000 * parse('wait-timeout-seconds', secondsPositive('above 0'), get('wait-timeout-seconds'), show),
    pollIntervalMs:
      1000 * parse('poll-interval-seconds', seconds(1, 'of at least 1'), get('poll-interval-seconds'), show),
    requestTimeoutMs:
      1000 * parse('request-timeout-seconds', secondsPositive('above 0'), get('request-timeout-seconds'), show),
    retries: parse('retries', wholeNumber(0, 10, 'a whole number from 0 to 10'), get('retries'), show),
    summary: parse('summary', bool, get('summary'), show),
  };
}
