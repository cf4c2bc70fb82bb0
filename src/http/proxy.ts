// Which proxy, if any, carries a request: the variables self-hosted runners set, read as GitHub's
// own actions read them (the lower-case spelling first; NO_PROXY and loopback hosts go direct,
// by @actions/http-client's own rule), and as curl reads a value without a scheme.
import { checkBypass } from '@actions/http-client/lib/proxy';

export interface ProxyRoute {
  /** The variable the proxy came from, as it is spelled in the environment. */
  variable: string;
  /** Where the proxy listens; for `https:` the action talks TLS to the proxy itself. */
  protocol: 'http:' | 'https:';
  host: string;
  port: number;
  /** `Basic …` when the proxy URL carries credentials. */
  authorization?: string;
}

/** A proxy variable the action cannot use; the message names it and never repeats its value. */
export class ProxySettingError extends Error {
  override name = 'ProxySettingError';
}

export function proxyFor(target: URL, env: NodeJS.ProcessEnv = process.env): ProxyRoute | undefined {
  if (checkBypass(target)) return undefined;
  const names = target.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  const variable = names.find((name) => env[name]?.trim());
  if (variable === undefined) return undefined;
  return parseProxy(variable, (env[variable] ?? '').trim());
}

const EXAMPLE = 'give it as http://host:port, or http://user:password@host:port';

function parseProxy(variable: string, value: string): ProxyRoute {
  // `proxy.corp:3128` is a valid URL whose scheme is `proxy.corp:` and which has no host, so a
  // value without `://` is read as curl reads it: an http proxy.
  const spelled = value.includes('://') ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(spelled);
  } catch {
    throw new ProxySettingError(`the proxy variable ${variable} is not a URL: ${EXAMPLE}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProxySettingError(
      `the proxy variable ${variable} names a ${url.protocol.slice(0, -1)} proxy; only http:// and https:// proxies are supported`,
    );
  }
  if (!url.hostname) throw new ProxySettingError(`the proxy variable ${variable} names no host: ${EXAMPLE}`);
  return {
    variable,
    protocol: url.protocol,
    // A URL spells an IPv6 host in brackets; a socket wants it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    authorization:
      url.username || url.password
        ? `Basic ${Buffer.from(`${decoded(url.username)}:${decoded(url.password)}`).toString('base64')}`
        : undefined,
  };
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
