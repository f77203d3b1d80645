import type { Monitor } from '@shared/monitors';
import { describe, expect, it } from 'vitest';
import { monitorName, monitorUptime } from './monitor';

const monitor = (id: string, name: string, url: string, uptime: number | null = null) =>
  ({
    id,
    attributes: { pronounceable_name: name, url, uptime: null },
    cachedUptime: uptime,
  }) as Monitor;
describe('monitorName and monitorUptime', () => {
  it('fall back to the URL and to the provider attribute', () => {
    expect(monitorName(monitor('3', ' ', 'https://x.com'))).toBe('https://x.com');
    expect(monitorUptime(monitor('4', 'x', 'x', 99.5))).toBe(99.5);
    expect(monitorUptime(monitor('5', 'x', 'x'))).toBeNull();
  });
});
