// The credentials: Trunk's v1 token, its v2 key and the GitHub token, each checked before any
// request and each sent to its own host only.
import { InputError } from '../shared/errors.js';
import { unmaskable } from '../shared/redact.js';

/**
 * The inputs that hold secrets: each is masked before anything is logged, and each is refused when
 * it is too plain to mask (see `unmaskable`).
 */
export const SECRET_INPUTS = ['api-token', 'api-key', 'github-token'] as const;

export interface Credentials {
  /** The v1 organization token (`x-api-token`); empty when not set. */
  apiToken: string;
  /** The v2 API key (`Authorization: Bearer`); empty when not set. */
  apiKey: string;
  /** GitHub's token, for rule 5 of "Which PR" only; empty when not set. */
  githubToken: string;
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

export function readCredentials(get: (name: (typeof SECRET_INPUTS)[number]) => string): Credentials {
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
  const githubToken = get('github-token');
  // Each credential goes to its own host only; one in two places would be sent to both.
  if (githubToken && (githubToken === apiToken || githubToken === apiKey)) {
    throw new InputError(
      'github-token',
      `holds the same value as ${githubToken === apiToken ? 'api-token' : 'api-key'}: github-token is for GitHub's API only (the default, github.token, is right for most workflows), and a Trunk credential is never sent to GitHub`,
    );
  }
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\s\u0000-\u001f\u007f-\uffff]/.test(githubToken)) {
    throw new InputError('github-token', 'contains white space or characters a header cannot carry; check the secret');
  }
  return { apiToken, apiKey, githubToken };
}
