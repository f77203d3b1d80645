// @vitest-environment jsdom
import type { ActivityItem } from '@shared/activity';
import { cleanup, render, screen } from '@testing-library/react';
import { setTimeSettings } from '@web/lib/format';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityRow } from './recent-activity';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T22:40:00Z'));
  setTimeSettings({ timeZone: 'UTC', locale: 'en-GB' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setTimeSettings({});
});

const entry: ActivityItem = {
  id: 1,
  type: 'warning',
  action: 'check.down',
  message: 'blueridge.com is down',
  link: null,
  actor: null,
  createdAt: '2026-11-25T22:35:00.000Z',
  downs: 4,
  since: '2026-11-25T22:05:00.000Z',
};

describe('an activity row', () => {
  it('shows a collapsed entry as flapping, with its time relative and on the agency clock', () => {
    render(
      <ol>
        <ActivityRow item={entry} />
      </ol>,
    );
    const row = screen.getByRole('listitem');
    expect(row.textContent).toContain('blueridge.com is down');
    expect(row.textContent).toContain('flapping: down 4 times since 22:05 · 5 min ago · 22:35');
  });

  it('says nothing of flapping for an entry that stands alone', () => {
    render(
      <ol>
        <ActivityRow item={{ ...entry, downs: 1, since: null }} />
      </ol>,
    );
    expect(screen.getByRole('listitem').textContent).not.toContain('flapping');
  });
});
