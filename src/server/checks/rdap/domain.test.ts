import { describe, expect, it } from 'vitest';
import { baseFor, parseBootstrap } from './bootstrap';
import { bootstrapKeys, registeredDomain } from './domain';
import { readDomainAnswer } from './parse';

describe('registeredDomain (Public Suffix List)', () => {
  it.each([
    ['shop.client.co.uk', 'client.co.uk'],
    ['www.example.com', 'example.com'],
    ['Example.COM.', 'example.com'],
    ['https://blog.agency.com.au/path?x=1', 'agency.com.au'],
    ['foo.blogspot.com', 'blogspot.com'], // a private suffix: the registry knows blogspot.com
    ['xn--mller-kva.de', 'xn--mller-kva.de'],
  ])('%s → %s', (host, domain) => {
    expect(registeredDomain(host)).toBe(domain);
  });

  it.each(['localhost', '127.0.0.1', '[::1]', 'co.uk', 'com', ''])('%s has none', (host) => {
    expect(registeredDomain(host)).toBeNull();
  });

  it('looks up the longest suffix first', () => {
    expect(bootstrapKeys('client.co.uk')).toEqual(['co.uk', 'uk']);
  });
});

describe('bootstrap file', () => {
  it('maps each TLD to its base URL, preferring https and ending in a slash', () => {
    const table = parseBootstrap({
      services: [
        [
          ['com', 'net'],
          ['http://rdap.verisign.example/com/v1', 'https://rdap.verisign.example/com/v1/'],
        ],
        [['uk'], ['https://rdap.nominet.example']],
      ],
    });
    expect(baseFor(table, ['com'])).toBe('https://rdap.verisign.example/com/v1/');
    expect(baseFor(table, ['co.uk', 'uk'])).toBe('https://rdap.nominet.example/');
    expect(baseFor(table, ['zz'])).toBeNull();
  });

  it('refuses what is not a bootstrap file', () => {
    expect(() => parseBootstrap({ services: 'none' })).toThrow('not an RDAP bootstrap file');
    expect(() => parseBootstrap(null)).toThrow('not an RDAP bootstrap file');
  });
});

describe('RDAP domain answer', () => {
  it('reads the expiration event and the registrar', () => {
    const facts = readDomainAnswer({
      events: [
        { eventAction: 'registration', eventDate: '2019-03-14T00:00:00Z' },
        { eventAction: 'expiration', eventDate: '2027-03-14T00:00:00Z' },
      ],
      entities: [{ roles: ['registrar'], vcardArray: ['vcard', [['fn', {}, 'text', 'Example Registrar']]] }],
    });
    expect(facts).toEqual({ expiresAt: '2027-03-14T00:00:00.000Z', registrar: 'Example Registrar' });
  });

  it('gives no date when there is no expiration event or it is not a date', () => {
    expect(
      readDomainAnswer({ events: [{ eventAction: 'registration', eventDate: '2019-03-14' }] })?.expiresAt,
    ).toBeNull();
    expect(
      readDomainAnswer({ events: [{ eventAction: 'expiration', eventDate: 'soon' }] })?.expiresAt,
    ).toBeNull();
    expect(readDomainAnswer({})).toEqual({ expiresAt: null, registrar: null });
    expect(readDomainAnswer('not an object')).toBeNull();
  });
});
