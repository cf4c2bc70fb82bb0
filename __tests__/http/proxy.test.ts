// Which proxy carries a request, from the variables as a runner sets them: by the target's scheme,
// the lower-case spelling first, NO_PROXY and loopback hosts direct, a value without a scheme read
// as curl reads it, and a value the action cannot use named without being repeated. The messages
// a user reads are asserted where transport.ts puts them into a request's error.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { proxyFor, ProxySettingError } from '../../src/http/proxy.js';

describe('http/proxy', () => {
  // NO_PROXY is read from process.env by @actions/http-client's rule, so the tests set the process's own.
  const NAMES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];
  const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  beforeEach(() => {
    for (const name of NAMES) delete process.env[name];
  });
  afterEach(() => {
    for (const name of NAMES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
  const setEnv = (values: Record<string, string>) => Object.assign(process.env, values);

  const API = new URL('https://api.trunk.io/v1/getQueue');
  const PLAIN_API = new URL('http://trunk.internal:8080/v1/getQueue');

  describe('the variable for the scheme', () => {
    it('an https target takes HTTPS_PROXY, an http one HTTP_PROXY, and neither takes the other', () => {
      setEnv({ HTTPS_PROXY: 'http://secure.proxy:3128', HTTP_PROXY: 'http://plain.proxy:8080' });
      expect(proxyFor(API)).toMatchObject({ variable: 'HTTPS_PROXY', host: 'secure.proxy', port: 3128 });
      expect(proxyFor(PLAIN_API)).toMatchObject({ variable: 'HTTP_PROXY', host: 'plain.proxy', port: 8080 });
      delete process.env.HTTPS_PROXY;
      expect(proxyFor(API)).toBeUndefined();
    });

    it('the lower-case spelling wins and is the one named; a blank one counts as unset', () => {
      setEnv({ https_proxy: 'http://lower.proxy:1', HTTPS_PROXY: 'http://upper.proxy:2' });
      expect(proxyFor(API)).toMatchObject({ variable: 'https_proxy', host: 'lower.proxy' });
      setEnv({ https_proxy: '  ' });
      expect(proxyFor(API)).toMatchObject({ variable: 'HTTPS_PROXY', host: 'upper.proxy' });
    });
  });

  describe('the route a value gives', () => {
    it.each([
      ['http://proxy.corp:3128', { protocol: 'http:', host: 'proxy.corp', port: 3128 }],
      ['  http://proxy.corp  ', { protocol: 'http:', host: 'proxy.corp', port: 80 }],
      ['https://proxy.corp', { protocol: 'https:', host: 'proxy.corp', port: 443 }],
      ['proxy.corp:3128', { protocol: 'http:', host: 'proxy.corp', port: 3128 }],
      ['http://[::1]:3128', { protocol: 'http:', host: '::1', port: 3128 }],
    ])('%j', (value, route) => {
      setEnv({ HTTPS_PROXY: value });
      expect(proxyFor(API)).toEqual({ variable: 'HTTPS_PROXY', ...route, authorization: undefined });
    });

    it.each([
      ['http://mona:s3cret@proxy.corp:3128', 'mona:s3cret'],
      ['http://mona:wr%40ng%3Ap@proxy.corp:3128', 'mona:wr@ng:p'],
      ['mona@proxy.corp:3128', 'mona:'],
      // A bad escape is sent as written rather than refused: the proxy is the judge of it.
      ['http://mona:100%zz@proxy.corp:3128', 'mona:100%zz'],
    ])('credentials in %j are sent as Basic %j, decoded', (value, credentials) => {
      setEnv({ HTTPS_PROXY: value });
      expect(proxyFor(API)?.authorization).toBe(`Basic ${Buffer.from(credentials).toString('base64')}`);
    });
  });

  describe('requests that go direct', () => {
    it.each([
      ['api.trunk.io', API],
      ['trunk.io', API],
      ['.trunk.io', API],
      ['api.trunk.io:443', API],
      ['other.example, trunk.internal', PLAIN_API],
      ['*', API],
    ])('NO_PROXY=%j: %s goes direct', (noProxy, target) => {
      setEnv({ HTTPS_PROXY: 'http://proxy.corp:3128', HTTP_PROXY: 'http://proxy.corp:3128', NO_PROXY: noProxy });
      expect(proxyFor(target)).toBeUndefined();
    });

    it.each(['nottrunk.io', 'api.trunk.io:8443'])('NO_PROXY=%j: the proxy still carries it', (noProxy) => {
      setEnv({ HTTPS_PROXY: 'http://proxy.corp:3128', no_proxy: noProxy });
      expect(proxyFor(API)).toMatchObject({ host: 'proxy.corp' });
    });

    it('the lower-case no_proxy is read too, and loopback hosts go direct without one', () => {
      setEnv({ HTTPS_PROXY: 'http://proxy.corp:3128', HTTP_PROXY: 'not a url', no_proxy: 'trunk.io' });
      expect(proxyFor(API)).toBeUndefined();
      // Loopback goes direct before a value is read: this bad one is never looked at.
      expect(proxyFor(new URL('http://127.0.0.1:4010/v1/getQueue'))).toBeUndefined();
      expect(proxyFor(new URL('http://localhost:4010/v1/getQueue'))).toBeUndefined();
    });
  });

  describe('a value the action cannot use', () => {
    it.each([
      ['HTTPS_PROXY', 'not a url'],
      ['https_proxy', 'http://[::1'],
      ['HTTPS_PROXY', 'socks5://user:pw@proxy.corp:1080'],
      ['HTTPS_PROXY', 'ftp://proxy.corp'],
    ])('%s=%j: a ProxySettingError naming the variable, never its value', (name, value) => {
      setEnv({ [name]: value });
      let thrown: unknown;
      try {
        proxyFor(API);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ProxySettingError);
      const message = (thrown as Error).message;
      expect(message).toMatch(new RegExp(`^the proxy variable ${name} `));
      expect(message).not.toContain(value);
    });
  });
});
