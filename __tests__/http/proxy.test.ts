// Which proxy carries a request, as GitHub's own actions choose it: by the target's scheme, the
// lower-case variable first, NO_PROXY and loopback hosts direct, a value without a scheme read as
// curl reads it. What goes through a real proxy is in transport.test.ts and dist/proxy.test.ts.
import { describe, expect, it } from '@jest/globals';
import { proxyFor, ProxySettingError } from '../../src/http/proxy.js';

const https = new URL('https://api.trunk.io/v1/getQueue');

describe('proxyFor', () => {
  it('by scheme, the lower-case spelling first', () => {
    const env = { HTTPS_PROXY: 'http://upper:8080', https_proxy: 'http://lower:3128', HTTP_PROXY: 'http://plain:1' };
    expect(proxyFor(https, env)).toMatchObject({
      variable: 'https_proxy',
      host: 'lower',
      port: 3128,
      protocol: 'http:',
    });
    expect(proxyFor(new URL('http://example.test/'), env)).toMatchObject({ variable: 'HTTP_PROXY', host: 'plain' });
  });

  it('none set, or NO_PROXY names the host, or the host is loopback: direct', () => {
    expect(proxyFor(https, {})).toBeUndefined();
    const saved = process.env.no_proxy;
    process.env.no_proxy = 'trunk.io';
    try {
      expect(proxyFor(https, { HTTPS_PROXY: 'http://proxy:3128' })).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.no_proxy;
      else process.env.no_proxy = saved;
    }
    expect(proxyFor(new URL('https://127.0.0.1:8443/'), { HTTPS_PROXY: 'http://proxy:3128' })).toBeUndefined();
  });

  it('a value without a scheme is an http proxy; default ports; credentials as Basic; IPv6 unbracketed', () => {
    expect(proxyFor(https, { HTTPS_PROXY: 'proxy.corp:3128' })).toMatchObject({
      protocol: 'http:',
      host: 'proxy.corp',
      port: 3128,
    });
    expect(proxyFor(https, { HTTPS_PROXY: 'https://proxy.corp' })).toMatchObject({ protocol: 'https:', port: 443 });
    expect(proxyFor(https, { HTTPS_PROXY: 'http://[::1]:3128' })).toMatchObject({ host: '::1' });
    expect(proxyFor(https, { HTTPS_PROXY: 'http://us%40er:p%3Ass@proxy:1' })?.authorization).toBe(
      `Basic ${Buffer.from('us@er:p:ss').toString('base64')}`,
    );
  });

  it('a value it cannot use names the variable and never repeats the value', () => {
    for (const value of ['socks5://user:s3cret@proxy:1080', 'http://:s3cret@:1']) {
      let error: unknown;
      try {
        proxyFor(https, { HTTPS_PROXY: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ProxySettingError);
      expect((error as Error).message).toMatch(/the proxy variable HTTPS_PROXY /);
      expect((error as Error).message).not.toContain('s3cret');
    }
  });
});
