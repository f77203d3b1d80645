import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listener, startListener } from '../../../../test/support/listener';
import { requestJson } from './provider-http';
import { providerFailure } from './provider-test-helpers';

/**
 * The outbound address rule in the one helper every provider sends through: with private targets not
 * allowed, no spelling of a loopback address reaches the listener, the token never leaves, and the
 * refusal says why and how to allow it. The check happens when the socket connects, so a name that
 * answered a public address earlier and a loopback one now is refused too.
 */
let listener: Listener;
beforeAll(async () => {
  listener = await startListener();
});
afterAll(() => listener.close());

const publicOnly = { allowPrivate: false };
const headers = { authorization: 'Bearer secret-provider-token' };
const answer = (address: string) => async (): Promise<LookupAddress[]> => [
  { address, family: address.includes(':') ? 6 : 4 },
];

describe('requestJson and the outbound address rule', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['127.1', '127.0.0.1 is a loopback address'],
    ['0x7f000001', '127.0.0.1 is a loopback address'],
    ['2130706433', '127.0.0.1 is a loopback address'],
    ['[::1]', '::1 is a loopback address'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1 (127.0.0.1) is a loopback address'],
    ['localhost', /^localhost resolves to (127\.0\.0\.1|::1), a loopback address/],
  ])('refuses http://%s:<port> without sending anything', async (host, reason) => {
    const url = `http://${host}:${listener.port}/user`;
    const error = await providerFailure(requestJson(url, { addressPolicy: publicOnly, headers }));
    expect(error).toMatchObject({ kind: 'refused_address', status: 400 });
    if (typeof reason === 'string') expect(error.message.startsWith(`${reason};`)).toBe(true);
    else expect(error.message).toMatch(reason);
    expect(error.message).toMatch(
      /Agency Hub only connects to public addresses\. Set ALLOW_PRIVATE_TARGETS=true/,
    );
    expect(listener.received).toEqual([]);
  });

  it.each([
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    ['https://10.0.0.5/api', '10.0.0.5 is a private address'],
    ['https://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
    ['https://[64:ff9b::a9fe:a9fe]/', '64:ff9b::a9fe:a9fe (169.254.169.254) is a cloud metadata address'],
  ])('refuses %s before connecting', async (url, reason) => {
    const error = await providerFailure(requestJson(url, { addressPolicy: publicOnly, headers }));
    expect(error).toMatchObject({ kind: 'refused_address' });
    expect(error.message.startsWith(`${reason};`)).toBe(true);
  });

  it('vets the address the socket connects to: a name now answering loopback is refused', async () => {
    const url = `http://provider.example.test:${listener.port}/user`;
    const error = await providerFailure(
      requestJson(url, { addressPolicy: publicOnly, headers, resolver: answer('127.0.0.1') }),
    );
    expect(error.message).toMatch(/^provider\.example\.test resolves to 127\.0\.0\.1, a loopback address;/);
    expect(listener.received).toEqual([]);
  });

  it('refuses a name over https that resolves to a metadata address, before any TLS', async () => {
    const url = 'https://api.provider.example.test/v1/user';
    const error = await providerFailure(
      requestJson(url, { addressPolicy: publicOnly, headers, resolver: answer('169.254.169.254') }),
    );
    expect(error.message).toMatch(
      /^api\.provider\.example\.test resolves to 169\.254\.169\.254, a cloud metadata address;/,
    );
  });

  it('reaches the same listener when private targets are allowed (so the tests above prove the rule)', async () => {
    const url = `http://localhost:${listener.port}/user`;
    const response = await requestJson(url, { addressPolicy: { allowPrivate: true }, headers });
    expect(response.status).toBe(200);
    expect(listener.received).toHaveLength(1);
    listener.received.length = 0;
  });
});
