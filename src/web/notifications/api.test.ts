import { describe, expect, it } from 'vitest';
import { applyMarkRead, type NotificationList } from './api';

const item = (id: number, read = false) => ({
  id,
  type: 'info' as const,
  title: `Title ${id}`,
  message: 'Message',
  link: null,
  read,
  createdAt: '2025-11-03T10:00:00Z',
  downs: 0,
  since: null,
});
const list: NotificationList = { data: [item(1), item(2), item(3, true)], unreadCount: 2 };

describe('applyMarkRead', () => {
  it('marks the given ids read and takes the server count', () => {
    const next = applyMarkRead(list, { ids: [1] }, 1);
    expect(next.unreadCount).toBe(1);
    expect(next.data.map((n) => n.read)).toEqual([true, false, true]);
    expect(list.data[0]?.read).toBe(false);
  });

  it('marks everything read with all: true', () => {
    const next = applyMarkRead(list, { all: true }, 0);
    expect(next.unreadCount).toBe(0);
    expect(next.data.every((n) => n.read)).toBe(true);
  });
});
