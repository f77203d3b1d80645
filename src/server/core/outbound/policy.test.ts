import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import type { Resolver } from './dns';
import { assertPublicUrl } from './policy';
import { OutboundTargetError } from './url';

const resolverFor =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return found.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const resolver = resolverFor({
  'shop.example.com': ['93.184.215.14'],
  'intranet.example.com': ['10.0.0.5'],
  'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
  'v6.example.com': ['2606:4700::1', 'fd00:ec2::254'],
});

async function refusal(url: string, options = {}) {
  try {
    await assertPublicUrl(url, { allowPrivate: false, resolver, ...options });
  } catch (error) {
    if (error instanceof OutboundTargetError) return error;
    throw error;
  }
  throw new Error(`${url} was not refused`);
}

describe('assertPublicUrl', () => {
  it('accepts a name that resolves only to public addresses', async () => {
    const url = await assertPublicUrl('https://shop.example.com/cart', { allowPrivate: false, resolver });
    expect(url.href).toBe('https://shop.example.com/cart');
  });

  it('explains a name that resolves to a private address, and how to allow it', async () => {
    const error = await refusal('http://intranet.example.com/');
    expect(error.code).toBe('private_address');
    expect(error.message).toBe(
      'intranet.example.com resolves to 10.0.0.5, a private address; Agency Hub only connects to public addresses. Set ALLOW_PRIVATE_TARGETS=true to allow private targets.',
    );
  });

  it('refuses when any one of the resolved addresses is private', async () => {
    expect((await refusal('http://mixed.example.com/')).address).toBe('127.0.0.1');
    expect((await refusal('http://v6.example.com/')).message).toContain('a cloud metadata address');
  });

  it.each([
    ['http://127.0.0.1/', '127.0.0.1 is a loopback address'],
    ['http://[::1]:8080/', '::1 is a loopback address'],
    ['http://10.1.2.3/', '10.1.2.3 is a private address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1 (127.0.0.1) is a loopback address'],
    // Spellings that Node's URL parser normalises to 127.0.0.1 / 10.0.0.1 before anything connects
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
    ['http://0x7f000001/', '127.0.0.1 is a loopback address'],
    ['http://017700000001/', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
    ['http://127.1/', '127.0.0.1 is a loopback address'],
    ['http://012.0.0.1/', '10.0.0.1 is a private address'],
    ['http://0/', '0.0.0.0 is the unspecified address'],
  ])('refuses %s', async (url, message) => {
    const error = await refusal(url);
    expect(error.code).toBe('private_address');
    expect(error.message).toBe(
      `${message}; Agency Hub only connects to public addresses. Set ALLOW_PRIVATE_TARGETS=true to allow private targets.`,
    );
  });

  it('refuses "localhost" through the system resolver', async () => {
    const error = await refusal('http://localhost:3000/', { resolver: undefined });
    expect(error.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
  });

  it('allows everything resolvable with allowPrivate, and allowed ranges without it', async () => {
    await expect(assertPublicUrl('http://10.1.2.3/', { allowPrivate: true })).resolves.toBeInstanceOf(URL);
    await expect(
      assertPublicUrl('http://intranet.example.com/', {
        allowPrivate: false,
        allowedRanges: ['10.0.0.0/24'],
        resolver,
      }),
    ).resolves.toBeInstanceOf(URL);
    expect((await refusal('http://10.0.1.5/', { allowedRanges: ['10.0.0.0/24'] })).code).toBe(
      'private_address',
    );
  });

  it.each([
    ['ftp://example.com/file', 'unsupported_protocol', 'Only http and https addresses can be used (got ftp)'],
    ['file:///etc/passwd', 'unsupported_protocol', 'Only http and https addresses can be used (got file)'],
    ['not a url', 'invalid_url', '"not a url" is not a valid URL'],
    [
      'https://user:secret@example.com/',
      'credentials',
      'Addresses with a user name or password are not allowed',
    ],
  ])('refuses %s before any lookup, also with allowPrivate', async (url, code, message) => {
    const error = await refusal(url, { allowPrivate: true });
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });

  it('says when a name does not resolve', async () => {
    const error = await refusal('https://nowhere.example.com/');
    expect(error.code).toBe('unresolvable');
    expect(error.message).toBe('nowhere.example.com could not be resolved (ENOTFOUND)');
  });
});
