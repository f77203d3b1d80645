// @vitest-environment jsdom
import type { Notification } from '@shared/notifications';
import { cleanup, render, screen } from '@testing-library/react';
import { setTimeSettings } from '@web/lib/format';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationList } from './notification-list';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T22:40:00Z'));
  setTimeSettings({ timeZone: 'Europe/Berlin', locale: 'en-GB' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setTimeSettings({});
});

const item = (over: Partial<Notification>): Notification => ({
  id: 1,
  type: 'success',
  title: 'flaky.example is back up',
  message: 'Down for 1 min, from 25 Nov 2026, 23:20 to 23:21 (Europe/Berlin).',
  link: null,
  read: false,
  createdAt: '2026-11-25T22:21:00.000Z',
  downs: 0,
  since: null,
  ...over,
});

describe('the bell’s list', () => {
  it('says when in words and on the agency clock, never as an ISO timestamp', () => {
    render(<NotificationList items={[item({})]} onOpen={() => {}} />);
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(list.textContent).toContain('19 min ago · 23:21');
    expect(list.querySelector('time')?.getAttribute('title')).toBe('25 Nov 2026, 23:21');
    expect(list.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('reads a collapsed entry as a flapping site, its first down on the agency clock', () => {
    render(
      <NotificationList items={[item({ downs: 4, since: '2026-11-25T21:05:00.000Z' })]} onOpen={() => {}} />,
    );
    expect(screen.getByText('flapping: down 4 times since 22:05')).toBeTruthy();
  });
});
