import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRAR, type FakeRdap, startFakeRdap } from '../../../../test/fakes/rdap';
import type { Clock } from '../../core/clock';
import { createRdapClient, type RdapClientOptions } from './client';

let rdap: FakeRdap;
let now: Date;
const clock: Clock = { now: () => now };
const client = (options: Partial<RdapClientOptions> = {}) =>
  createRdapClient({
    bootstrapUrl: rdap.bootstrapUrl,
    allowPrivate: true,
    clock,
    timeoutMs: 2000,
    ...options,
  });
const domainRequests = () =>
  rdap.requests.filter((r) => r.path.startsWith('/rdap/domain/')).map((r) => r.path);
const bootstrapRequests = () => rdap.requests.filter((r) => r.path === '/dns.json').length;

beforeAll(async () => {
  rdap = await startFakeRdap({
    cases: {
      'quiet.de': 'ok',
      'noexpiry.uk': 'no_expiration',
      'unregistered.com': 'not_found',
      'busy.net': 'rate_limited',
      'slow.org': 'slow',
      'broken.dev': 'error',
    },
    expiries: { 'client.co.uk': '2027-03-14T00:00:00Z', 'example.com': '2026-12-01T00:00:00Z' },
    retryAfterSeconds: 120,
    slowMs: 5000,
  });
});
afterAll(() => rdap.close());
beforeEach(() => {
  now = new Date('2026-11-24T12:00:00Z');
  rdap.requests.length = 0;
  rdap.failBootstrap(false);
});

describe('RDAP domain expiry', () => {
  it('reads the expiry of the registered domain a site belongs to', async () => {
    const result = await client().domainExpiry('shop.client.co.uk');
    expect(result).toEqual({
      status: 'known',
      domain: 'client.co.uk',
      expiresAt: '2027-03-14T00:00:00.000Z',
      registrar: DEFAULT_REGISTRAR,
    });
    expect(domainRequests()).toEqual(['/rdap/domain/client.co.uk']);
  });

  it('asks with the RDAP media type and its own User-Agent', async () => {
    const result = await client().domainExpiry('https://www.example.com/');
    expect(result).toMatchObject({
      status: 'known',
      domain: 'example.com',
      expiresAt: '2026-12-01T00:00:00.000Z',
    });
    const request = rdap.requests.find((r) => r.path === '/rdap/domain/example.com');
    expect(request?.accept).toMatch(/^application\/rdap\+json/);
    expect(request?.userAgent).toBe('AgencyHub-Check/1.0');
  });

  it('says unknown when the TLD has no RDAP service, without asking anyone', async () => {
    const result = await client().domainExpiry('quiet.de');
    expect(result).toMatchObject({
      status: 'unknown',
      domain: 'quiet.de',
      reason: 'no_rdap_service',
      message: '.de domains have no RDAP service',
    });
    expect(domainRequests()).toEqual([]);
  });

  it.each([
    ['noexpiry.uk', 'no_expiration', 'The registry does not publish an expiry date for noexpiry.uk'],
    ['unregistered.com', 'not_found', 'The registry does not know unregistered.com'],
    ['broken.dev', 'unreachable', "The registry's RDAP service answered HTTP 500"],
  ])('says unknown for %s (%s), never a guess', async (domain, reason, message) => {
    expect(await client().domainExpiry(domain)).toEqual({ status: 'unknown', domain, reason, message });
  });

  it('gives up on a slow registry at the time limit', async () => {
    const result = await client({ timeoutMs: 300 }).domainExpiry('slow.org');
    expect(result).toMatchObject({
      status: 'unknown',
      reason: 'unreachable',
      message: "The registry's RDAP service did not answer usefully: timed out after 300 ms",
    });
  });

  it('honours 429 Retry-After: no request to that registry until it has passed', async () => {
    const rdapClient = client();
    expect(await rdapClient.domainExpiry('busy.net')).toMatchObject({
      status: 'unknown',
      reason: 'rate_limited',
      retryAfterSeconds: 120,
    });
    now = new Date(now.getTime() + 60_000);
    expect(await rdapClient.domainExpiry('example.com')).toMatchObject({
      reason: 'rate_limited',
      retryAfterSeconds: 60,
    });
    expect(domainRequests()).toEqual(['/rdap/domain/busy.net']); // the second one was never sent
    now = new Date(now.getTime() + 61_000);
    expect(await rdapClient.domainExpiry('example.com')).toMatchObject({ status: 'known' });
  });

  it('fetches the bootstrap file once a day', async () => {
    const rdapClient = client();
    await rdapClient.domainExpiry('example.com');
    await rdapClient.domainExpiry('client.co.uk');
    expect(bootstrapRequests()).toBe(1);
    now = new Date(now.getTime() + 25 * 60 * 60 * 1000);
    await rdapClient.domainExpiry('example.com');
    expect(bootstrapRequests()).toBe(2);
  });

  it('says unknown while the bootstrap file cannot be read, and retries it only after a pause', async () => {
    rdap.failBootstrap(true);
    const rdapClient = client();
    expect(await rdapClient.domainExpiry('example.com')).toMatchObject({
      status: 'unknown',
      reason: 'bootstrap_unavailable',
      message: 'The RDAP registry list could not be read: HTTP 500',
    });
    rdap.failBootstrap(false);
    expect((await rdapClient.domainExpiry('example.com')).status).toBe('unknown');
    expect(bootstrapRequests()).toBe(1);
    now = new Date(now.getTime() + 6 * 60 * 1000);
    expect((await rdapClient.domainExpiry('example.com')).status).toBe('known');
  });

  it('keeps to the address policy: a registry on a private address is refused', async () => {
    const result = await client({ allowPrivate: false }).domainExpiry('example.com');
    expect(result).toMatchObject({
      status: 'unknown',
      reason: 'bootstrap_unavailable',
      message: 'The RDAP registry list could not be read: address 127.0.0.1 is loopback',
    });
    expect(rdap.requests).toEqual([]);
  });

  it('has nothing to look up for an IP address or a single-label host', async () => {
    expect(await client().domainExpiry('127.0.0.1')).toMatchObject({
      status: 'unknown',
      reason: 'not_a_domain',
    });
    expect(await client().domainExpiry('localhost')).toMatchObject({
      domain: null,
      message: 'localhost is not a registered domain name',
    });
  });
});
