import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTargets, startFakeTargets } from '../../../../test/fakes/targets';
import { type AssertOptions, assertPublicUrl } from './policy';
import { GuardedRequestError, guardedRequest } from './request';
import { OutboundTargetError } from './url';

/**
 * The outbound address rule end to end, through the guarded request checks, webhooks and RDAP use.
 * The "site" listens on 127.0.0.2, which these tests allow by range (as an operator could allow one
 * intranet host) while ALLOW_PRIVATE_TARGETS stays off; every other private address,
 * 127.0.0.1 included, must then be refused, however the check gets there. Every address used here is
 * a loopback one, so that even a broken guard could not send a packet off this machine; the other
 * ranges (10/8, 169.254.169.254 …) are proven without any connection in address.test and guard.test.
 */
let site: FakeTargets;
let internal: FakeTargets;
const policy = { allowPrivate: false, allowedRanges: ['127.0.0.2/32'] };
const redirectTo = (target: string) => `${site.url}/redirect-to?url=${encodeURIComponent(target)}`;
const answer =
  (...addresses: string[]) =>
  async (): Promise<LookupAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

beforeAll(async () => {
  site = await startFakeTargets({ host: '127.0.0.2' });
  internal = await startFakeTargets(); // 127.0.0.1: what an attacker wants to reach
});
afterAll(() => Promise.all([site.close(), internal.close()]));

type Outcome = { ok: boolean; status: number | null; errorCode: string | null; error: string | null };

/** One GET following redirects, as a check makes it: what it answered, or why it failed. */
async function attempt(target: { url: string }, options: AssertOptions): Promise<Outcome> {
  try {
    const response = await guardedRequest(target.url, { ...options, timeoutMs: 5000, maxRedirects: 5 });
    return { ok: response.status === 200, status: response.status, errorCode: null, error: null };
  } catch (error) {
    if (error instanceof GuardedRequestError || error instanceof OutboundTargetError)
      return { ok: false, status: null, errorCode: error.code, error: error.message };
    throw error;
  }
}

describe('the outbound address rule in guarded requests', () => {
  it('reaches the allowed site', async () => {
    expect((await attempt({ url: `${site.url}/up` }, policy)).ok).toBe(true);
  });

  it('refuses a private target without contacting it', async () => {
    const before = internal.stats.requests;
    const result = await attempt({ url: `${internal.url}/up` }, { allowPrivate: false });
    expect(result).toMatchObject({
      ok: false,
      errorCode: 'private_address',
      error: 'Address 127.0.0.1 is loopback',
    });
    expect(internal.stats.requests).toBe(before);
  });

  it('refuses a redirect to 127.0.0.1, and never reaches it', async () => {
    const before = internal.stats.requests;
    const result = await attempt({ url: redirectTo(`${internal.url}/admin`) }, policy);
    expect(result).toMatchObject({
      ok: false,
      status: null,
      errorCode: 'redirect',
      error: `Redirect to ${internal.url} refused: address 127.0.0.1 is loopback`,
    });
    expect(internal.stats.requests).toBe(before);
  });

  it.each([
    ['http://[::1]/', 'address ::1 is loopback'],
    ['http://[::ffff:127.0.0.1]/', 'address ::ffff:7f00:1 (127.0.0.1) is loopback'],
    ['http://2130706433/', 'address 127.0.0.1 is loopback'],
    ['http://0x7f.3/', 'address 127.0.0.3 is loopback'],
  ])('refuses a redirect to %s', async (target, reason) => {
    const result = await attempt({ url: redirectTo(target) }, policy);
    expect(result.errorCode).toBe('redirect');
    expect(result.error).toMatch(new RegExp(`refused: ${reason.replace(/[.()[\]]/g, '\\$&')}$`));
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    const before = internal.stats.requests;
    const target = `http://admin.example.test:${new URL(internal.url).port}/`;
    const result = await attempt({ url: redirectTo(target) }, { ...policy, resolver: answer('127.0.0.1') });
    expect(result.error).toBe(
      `Redirect to http://admin.example.test:${new URL(internal.url).port} refused: address 127.0.0.1 is loopback`,
    );
    expect(internal.stats.requests).toBe(before);
  });

  it('checks the address it connects to, so a name that changes its answer gains nothing', async () => {
    // DNS rebinding: public when the check is saved, loopback when the check runs
    const before = internal.stats.requests;
    let calls = 0;
    const rebinding = async (): Promise<LookupAddress[]> => [
      { address: calls++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 },
    ];
    const url = `http://rebind.example.test:${new URL(internal.url).port}/up`;
    await expect(assertPublicUrl(url, { allowPrivate: false, resolver: rebinding })).resolves.toBeInstanceOf(
      URL,
    );
    const result = await attempt({ url }, { allowPrivate: false, resolver: rebinding });
    expect(result).toMatchObject({
      ok: false,
      errorCode: 'private_address',
      error: 'Address 127.0.0.1 is loopback',
    });
    expect(internal.stats.requests).toBe(before);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const url = `http://mixed.example.test:${new URL(site.url).port}/up`;
    const result = await attempt({ url }, { ...policy, resolver: answer('127.0.0.2', '127.0.0.1') });
    expect(result.error).toBe('Address 127.0.0.1 is loopback');
    expect((await attempt({ url }, { ...policy, resolver: answer('127.0.0.2') })).ok).toBe(true);
  });

  it('allows private targets when the operator says so', async () => {
    expect((await attempt({ url: redirectTo(`${internal.url}/up`) }, { allowPrivate: true })).ok).toBe(true);
  });
});
