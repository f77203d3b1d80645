import type { MaintenanceWindow } from '@shared/maintenance';
import { formatDateTime } from '@web/lib/format';
import { describe, expect, it } from 'vitest';
import { byWhenItMatters, coverParts, windowTimes } from './maintenance-card';

const none = { client: null, server: null, websites: [], websiteCount: 0, checks: [], checkCount: 0 };

describe('coverParts', () => {
  it('names the client, server, websites and checks, linking each to its page', () => {
    expect(
      coverParts({
        client: { id: 4, name: 'Dental Co' },
        server: { id: '33001', label: 'prod-1' },
        websites: [
          { id: 7, domain: 'a.example' },
          { id: 8, domain: null },
        ],
        websiteCount: 5,
        checks: [{ id: 2, name: 'Shop' }],
        checkCount: 2,
      }),
    ).toEqual([
      { key: 'client', text: 'Client Dental Co', href: '/clients/4' },
      { key: 'server', text: 'Server prod-1', href: '/servers/33001' },
      { key: 'website-7', text: 'a.example', href: '/websites/internal/7' },
      { key: 'website-8', text: 'Website #8', href: null },
      { key: 'more-websites', text: '3 more websites', href: null },
      { key: 'check-2', text: 'Check Shop', href: '/uptime/checks/2' },
      { key: 'more-checks', text: '1 more check', href: null },
    ]);
  });

  it('falls back to the server id when the host has no label on record', () => {
    expect(coverParts({ ...none, server: { id: '9', label: null } })).toEqual([
      { key: 'server', text: 'Server 9', href: '/servers/9' },
    ]);
  });
});

describe('windowTimes', () => {
  const base: MaintenanceWindow = {
    id: 1,
    reason: null,
    startsAt: '2026-03-10T10:00:00.000Z',
    durationMinutes: 90,
    repeat: 'none',
    checkIds: [],
    websiteIds: [],
    clientId: 4,
    serverId: null,
    state: 'active',
    currentEndsAt: '2026-03-10T11:30:00.000Z',
    nextStartsAt: null,
    endedAt: null,
    createdAt: '2026-03-10T10:00:00.000Z',
    covers: none,
  };

  it('says until when a window on now lasts', () => {
    expect(windowTimes(base)).toBe(`On until ${formatDateTime('2026-03-10T11:30:00.000Z')}`);
  });

  it('lists windows on now first, the soonest to end on top, then coming ones, the soonest first', () => {
    const on = (id: number, end: string) => ({ ...base, id, currentEndsAt: end });
    const coming = (id: number, start: string) => ({
      ...base,
      id,
      state: 'scheduled' as const,
      currentEndsAt: null,
      nextStartsAt: start,
    });
    const windows = [
      coming(1, '2026-03-12T00:00:00Z'),
      on(2, '2026-03-10T13:00:00Z'),
      coming(3, '2026-03-11T00:00:00Z'),
      on(4, '2026-03-10T12:00:00Z'),
    ];
    expect(byWhenItMatters(windows).map((w) => w.id)).toEqual([4, 2, 3, 1]);
  });

  it('says from when to when a coming window runs, and that it repeats', () => {
    expect(
      windowTimes({
        ...base,
        state: 'scheduled',
        currentEndsAt: null,
        nextStartsAt: '2026-03-17T10:00:00.000Z',
        repeat: 'weekly',
      }),
    ).toBe(
      `From ${formatDateTime('2026-03-17T10:00:00.000Z')} to ${formatDateTime('2026-03-17T11:30:00.000Z')} · every week`,
    );
  });
});
