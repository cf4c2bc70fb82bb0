// A throwaway certificate authority made at test time, and a server certificate it signed for
// the names the tests use. P-256 keys: made in milliseconds, where RSA's took a few hundred in
// each file that uses them.
import selfsigned from 'selfsigned';

export interface TestCertificates {
  /** For the simulator's `tls` option. */
  server: { key: string; cert: string };
  /** The CA certificate's PEM (a test that runs a process writes it to a file for NODE_EXTRA_CA_CERTS). */
  ca: string;
}

export const PROXIED_HOST = 'api.trunk.test';

export async function makeCertificates(): Promise<TestCertificates> {
  const notAfterDate = new Date(Date.now() + 24 * 3600 * 1000);
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'merge-queue-status test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = await selfsigned.generate([{ name: 'commonName', value: PROXIED_HOST }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: PROXIED_HOST },
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { server: { key: leaf.private, cert: leaf.cert }, ca: ca.cert };
}
