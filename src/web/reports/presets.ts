import { addDays, previousMonth } from '@shared/reports';

export type PeriodPreset = { id: string; label: string; from: string; to: string };

/**
 * The periods offered beside the custom dates, from `today` (a day in the agency's time zone): the
 * previous calendar month, this month up to today, and the 90 days ending today (both ends counted).
 */
export function periodPresets(today: string): PeriodPreset[] {
  const last = previousMonth(today);
  return [
    { id: 'last-month', label: 'Last month', from: last.from, to: last.to },
    { id: 'this-month', label: 'This month so far', from: `${today.slice(0, 8)}01`, to: today },
    { id: 'last-90-days', label: 'Last 90 days', from: addDays(today, -89), to: today },
  ];
}
