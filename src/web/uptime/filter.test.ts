import type { Monitor } from '@shared/monitors';
import { describe, expect, it } from 'vitest';
import { filterMonitors, monitorName, monitorUptime } from './filter';

const monitor = (id: string, name: string, url: string, uptime: number | null = null) =>
  ({
    id,
    attributes: { pronounceable_name: name, url, uptime: null },
    cachedUptime: uptime,
  }) as Monitor;
const monitors = [
  monitor('1', 'Acme shop', 'https://acme.com'),
  monitor('2', 'Blog', 'https://www.news.org'),
];

describe('filterMonitors', () => {
  it('matches the name or the URL in any case', () => {
    expect(filterMonitors(monitors, 'ACME').map((m) => m.id)).toEqual(['1']);
    expect(filterMonitors(monitors, 'news.org').map((m) => m.id)).toEqual(['2']);
  });
  it('returns everything for a blank term', () => {
    expect(filterMonitors(monitors, '  ')).toHaveLength(2);
  });
});

describe('monitorName and monitorUptime', () => {
  it('fall back to the URL and to the provider attribute', () => {
    expect(monitorName(monitor('3', ' ', 'https://x.com'))).toBe('https://x.com');
    expect(monitorUptime(monitor('4', 'x', 'x', 99.5))).toBe(99.5);
    expect(monitorUptime(monitor('5', 'x', 'x'))).toBeNull();
  });
});
