import { generate } from 'selfsigned';

/**
 * Short-lived self-signed certificates, made at start-up (never committed, so none can go stale): one
 * valid for a few days (what a check trusts through NODE_EXTRA_CA_CERTS or an explicit CA, and what
 * the demo's "certificate about to expire" shows), one already expired. EC P-256 keys: generating one
 * takes milliseconds, and handshakes stay cheap under the benchmark's load.
 */
export type FakeCertificate = { key: string; cert: string; validTo: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

export async function makeCertificate(options: {
  /** Days from now until it expires; negative for one that has expired. */
  days: number;
  commonName?: string;
  now?: Date;
}): Promise<FakeCertificate> {
  const now = options.now ?? new Date();
  const validTo = new Date(now.getTime() + options.days * DAY_MS);
  // An expired certificate must also have started in the past, before it ended.
  const validFrom = new Date(Math.min(now.getTime() - 60 * 60 * 1000, validTo.getTime() - 30 * DAY_MS));
  const commonName = options.commonName ?? 'localhost';
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: validFrom,
    notAfterDate: validTo,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: commonName },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '127.0.0.2' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return {
    key: pems.private,
    cert: pems.cert,
    validTo: new Date(Math.floor(validTo.getTime() / 1000) * 1000),
  };
}
