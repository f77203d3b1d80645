import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { ConfigError, fastifyTrustProxy, loadConfig, type TrustProxy } from '../config';
import { HSTS } from './security';

const trustOf = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

/** What Fastify makes of a request with `trustProxy`: the client address and protocol it believes. */
async function seen(trust: TrustProxy, socket: string, headers: Record<string, string>) {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
  app.get('/', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  const res = await app.inject({ method: 'GET', url: '/', remoteAddress: socket, headers });
  await app.close();
  return res.json() as { ip: string; protocol: string };
}

describe('TRUST_PROXY', () => {
  it('takes false, true (one hop), a hop count, or addresses and CIDR ranges', () => {
    expect(trustOf('')).toBe(false);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('true')).toBe(1);
    expect(trustOf('2')).toBe(2);
    expect(trustOf('10.0.0.1, 192.168.0.0/16,loopback, ::1, fd00::/8')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    expect(() => trustOf('yes please')).toThrow(ConfigError);
    expect(() => trustOf('10.0.0.0/33')).toThrow(/hop count, or proxy addresses\/CIDR ranges/);
  });

  it('believes only the trusted hops: the client is the right-most address they did not add', async () => {
    // A client that sends its own X-Forwarded-For through one proxy (which appends the real address).
    const forged = { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' };
    expect((await seen(trustOf('true'), '10.0.0.1', forged)).ip).toBe('203.0.113.9');
    expect((await seen(trustOf('10.0.0.0/8'), '10.0.0.1', forged)).ip).toBe('203.0.113.9');
    // Two proxies: the nearest is trusted by address, the next by range.
    const twoHops = { 'x-forwarded-for': '1.2.3.4, 203.0.113.9, 10.0.0.2' };
    expect((await seen(trustOf('10.0.0.0/8'), '10.0.0.1', twoHops)).ip).toBe('203.0.113.9');
    expect((await seen(trustOf('2'), '10.0.0.1', twoHops)).ip).toBe('203.0.113.9');
    // A request that did not come through a listed proxy is believed about nothing.
    expect(
      await seen(trustOf('10.0.0.1'), '198.51.100.5', { ...forged, 'x-forwarded-proto': 'https' }),
    ).toEqual({
      ip: '198.51.100.5',
      protocol: 'http',
    });
    expect((await seen(trustOf('false'), '10.0.0.1', forged)).ip).toBe('10.0.0.1');
  });
});

describe('behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: 1 } });
  });
  afterAll(() => t.close());

  it('counts sign-in attempts by the real client, however it rotates its own X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': `192.0.2.${n + 1}, 203.0.113.9` },
        payload: { username: `someone${n}`, password: 'not the password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
  });

  it('sends HSTS on answers to https requests, and only those', async () => {
    const over = (proto: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-proto': proto },
      });
    expect((await over('https')).headers['strict-transport-security']).toBe(HSTS);
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
    expect((await over('http')).headers['strict-transport-security']).toBeUndefined();
  });
});
