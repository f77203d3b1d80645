import { describe, expect, it } from 'vitest';
import { type AddressKind, classifyAddress, displayAddress, inRanges, parseRanges } from './address';

const cases: Array<[string, AddressKind]> = [
  // public
  ['93.184.215.14', 'public'],
  ['8.8.8.8', 'public'],
  ['2606:4700:4700::1111', 'public'],
  ['172.32.0.1', 'public'], // just past 172.16/12
  ['100.128.0.1', 'public'], // just past 100.64/10
  // loopback
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  // private: 10/8, 172.16/12, 192.168/16
  ['10.0.0.5', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  // CGNAT
  ['100.64.0.1', 'shared'],
  ['100.127.255.254', 'shared'],
  // link-local and metadata
  ['169.254.1.1', 'link-local'],
  ['fe80::1', 'link-local'],
  ['169.254.169.254', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['100.100.100.200', 'metadata'],
  // unique-local
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  // unspecified, multicast, broadcast
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  // reserved, documentation, benchmarking, not global unicast
  ['240.0.0.1', 'reserved'],
  ['192.0.2.10', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['100::1', 'reserved'],
  ['fec0::1', 'reserved'],
  // IPv6 forms carrying an IPv4 address are judged by that address
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.5', 'private'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:8.8.8.8', 'public'],
  ['::ffff:0:10.0.0.5', 'private'], // IPv4-translated
  ['64:ff9b::10.0.0.5', 'private'], // NAT64
  ['64:ff9b::808:808', 'public'],
  ['2002:7f00:1::1', 'loopback'], // 6to4 wrapping 127.0.0.1
  ['2002:0a00:0005::1', 'private'], // 6to4 wrapping 10.0.0.5
  ['::127.0.0.1', 'loopback'], // deprecated IPv4-compatible
];

describe('classifyAddress', () => {
  it.each(cases)('%s is %s', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
  });

  it('answers null for what is not an IP address', () => {
    expect(classifyAddress('example.com')).toBeNull();
    expect(classifyAddress('')).toBeNull();
    expect(classifyAddress('999.1.1.1')).toBeNull();
  });

  it('shows the IPv4 address inside an IPv6 form', () => {
    expect(displayAddress('::ffff:a9fe:a9fe')).toBe('::ffff:a9fe:a9fe (169.254.169.254)');
    expect(displayAddress('10.0.0.5')).toBe('10.0.0.5');
  });
});

describe('allowed ranges', () => {
  it('matches IPv4, IPv6 and IPv4-mapped addresses against CIDR lists', () => {
    const ranges = parseRanges(['10.1.0.0/16', 'fd00::/8']);
    expect(inRanges('10.1.2.3', ranges)).toBe(true);
    expect(inRanges('::ffff:10.1.2.3', ranges)).toBe(true);
    expect(inRanges('10.2.0.1', ranges)).toBe(false);
    expect(inRanges('fd00::5', ranges)).toBe(true);
    expect(inRanges('fe80::1', ranges)).toBe(false);
  });

  it('refuses a range that is not one', () => {
    expect(() => parseRanges(['10.0.0.0'])).toThrow('is not an address range');
  });
});
