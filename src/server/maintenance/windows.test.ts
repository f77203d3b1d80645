import { describe, expect, it } from 'vitest';
import { windowState } from './windows';

const at = (iso: string) => new Date(iso);
const w = (startsAt: string, durationMinutes: number, repeat = 'none', endedAt: string | null = null) => ({
  startsAt: at(startsAt),
  durationMinutes,
  repeat,
  endedAt: endedAt ? at(endedAt) : null,
});

describe('maintenance window state (fake clock)', () => {
  it('a one-off window: scheduled, then on until its end, then over', () => {
    const win = w('2026-11-24T10:00:00Z', 90);
    expect(windowState(win, at('2026-11-24T09:59:59Z'))).toEqual({
      state: 'scheduled',
      currentEndsAt: null,
      nextStartsAt: '2026-11-24T10:00:00.000Z',
    });
    expect(windowState(win, at('2026-11-24T10:00:00Z'))).toMatchObject({
      state: 'active',
      currentEndsAt: '2026-11-24T11:30:00.000Z',
    });
    expect(windowState(win, at('2026-11-24T11:29:59Z')).state).toBe('active');
    expect(windowState(win, at('2026-11-24T11:30:00Z')).state).toBe('ended');
  });

  it('a weekly window comes back every 7 days at the same time', () => {
    const win = w('2026-11-01T22:00:00Z', 120, 'weekly');
    expect(windowState(win, at('2026-11-08T21:00:00Z'))).toMatchObject({
      state: 'scheduled',
      nextStartsAt: '2026-11-08T22:00:00.000Z',
    });
    expect(windowState(win, at('2026-11-08T23:59:00Z'))).toMatchObject({
      state: 'active',
      currentEndsAt: '2026-11-09T00:00:00.000Z',
    });
    expect(windowState(win, at('2026-11-09T00:00:00Z'))).toMatchObject({
      state: 'scheduled',
      nextStartsAt: '2026-11-15T22:00:00.000Z',
    });
  });

  it('ended early: over at once, and a weekly one stops repeating', () => {
    const win = w('2026-11-01T22:00:00Z', 120, 'weekly', '2026-11-08T22:30:00Z');
    expect(windowState(win, at('2026-11-08T22:10:00Z'))).toMatchObject({
      state: 'active',
      currentEndsAt: '2026-11-08T22:30:00.000Z',
    });
    expect(windowState(win, at('2026-11-08T22:30:00Z')).state).toBe('ended');
    expect(windowState(win, at('2026-11-15T22:10:00Z')).state).toBe('ended');
  });
});
