import { formatCalendarDay } from '@web/lib/format';

/** How a due date reads on a task: Today, Tomorrow, Yesterday, N days overdue, N days left. */
export type DueTone = 'overdue' | 'today' | 'upcoming';
export interface DueLabel {
  text: string;
  tone: DueTone;
}

const DAY = 86_400_000;

/** Whole calendar days from today (local time) to a YYYY-MM-DD date: 0 today, -1 yesterday. */
export function daysUntil(dueDate: string, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate);
  if (!match) return null;
  const due = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((due - now) / DAY);
}

/** The label of a due date, or null when the task has none (or it cannot be read). */
export function dueLabel(dueDate: string | null, today: Date = new Date()): DueLabel | null {
  if (!dueDate) return null;
  const days = daysUntil(dueDate, today);
  if (days === null) return null;
  if (days === 0) return { text: 'Today', tone: 'today' };
  if (days === 1) return { text: 'Tomorrow', tone: 'upcoming' };
  if (days === -1) return { text: 'Yesterday', tone: 'overdue' };
  if (days < 0) return { text: `${-days} days overdue`, tone: 'overdue' };
  return { text: `${days} days left`, tone: 'upcoming' };
}

/** "31 Jan 2030" for a YYYY-MM-DD date; the text itself when it is not one. */
export const formatDueDate = (dueDate: string): string => formatCalendarDay(dueDate);
