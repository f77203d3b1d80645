import { setTimeSettings } from '@web/lib/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysUntil, dueLabel, formatDueDate } from './due';

// Written in British English here; the browser's language decides on screen.
beforeAll(() => setTimeSettings({ locale: 'en-GB' }));
afterAll(() => setTimeSettings({}));

// Local time, late in the day: labels count calendar days, not 24-hour periods.
const today = new Date(2025, 2, 10, 23, 30);

describe('dueLabel', () => {
  it('names today, tomorrow and yesterday', () => {
    expect(dueLabel('2025-03-10', today)).toEqual({ text: 'Today', tone: 'today' });
    expect(dueLabel('2025-03-11', today)).toEqual({ text: 'Tomorrow', tone: 'upcoming' });
    expect(dueLabel('2025-03-09', today)).toEqual({ text: 'Yesterday', tone: 'overdue' });
  });

  it('counts days left and days overdue', () => {
    expect(dueLabel('2025-03-12', today)).toEqual({ text: '2 days left', tone: 'upcoming' });
    expect(dueLabel('2025-04-09', today)).toEqual({ text: '30 days left', tone: 'upcoming' });
    expect(dueLabel('2025-03-08', today)).toEqual({ text: '2 days overdue', tone: 'overdue' });
    expect(dueLabel('2024-03-10', today)).toEqual({ text: '365 days overdue', tone: 'overdue' });
  });

  it('crosses month, year and daylight-saving boundaries by calendar day', () => {
    expect(dueLabel('2025-04-01', new Date(2025, 2, 31, 0, 5))?.text).toBe('Tomorrow');
    expect(dueLabel('2024-12-31', new Date(2025, 0, 1, 12))?.text).toBe('Yesterday');
    expect(dueLabel('2025-11-03', new Date(2025, 9, 25, 12))?.text).toBe('9 days left');
  });

  it('has no label without a readable date', () => {
    expect(dueLabel(null, today)).toBeNull();
    expect(dueLabel('', today)).toBeNull();
    expect(dueLabel('next week', today)).toBeNull();
    expect(daysUntil('2025/03/10', today)).toBeNull();
  });
});

describe('formatDueDate', () => {
  it('writes the day, short month and year', () => {
    expect(formatDueDate('2030-01-31')).toBe('31 Jan 2030');
    expect(formatDueDate('oops')).toBe('oops');
  });
});
