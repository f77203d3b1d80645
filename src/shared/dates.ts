import { z } from 'zod';

/**
 * Dates the API accepts in periods (reports, their PDF and CSV, a check's results): from 2000-01-01
 * to a year after today, so a typo such as 9999-12-31 is a clear 400 instead of a date nothing can
 * compute with. "Today" is the clock of whoever checks: the server's own when it answers.
 */
export const EARLIEST_DAY = '2000-01-01';

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A strict calendar day "YYYY-MM-DD" → its UTC midnight in ms; null for anything else (2026-02-30 too). */
export function parseDay(value: string): number | null {
  const m = DAY.exec(value);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().startsWith(value) ? ms : null;
}

/** The last day accepted: the same day a year after `now` (UTC). */
export function latestDay(now: Date): string {
  const next = new Date(now.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next.toISOString().slice(0, 10);
}

/** Whether an instant (ms) falls on a day from EARLIEST_DAY to latestDay(now), both included (UTC). */
export function inDateRange(ms: number, now: Date): boolean {
  return ms >= parseDay(EARLIEST_DAY)! && ms < parseDay(latestDay(now))! + DAY_MS;
}

/** "The end date must be between 2000-01-01 and 2027-11-26." */
export const dateRangeMessage = (label: string, now: Date) =>
  `${label} must be between ${EARLIEST_DAY} and ${latestDay(now)}.`;

type Field = 'from' | 'to';
const LABELS: Record<Field, string> = { from: 'The start date', to: 'The end date' };

/** The range rule as a zod check; values `toMs` cannot read are left to the format's own message. */
const withinRange =
  (field: Field, now: () => Date, toMs: (value: string) => number | null) =>
  (value: string, ctx: z.RefinementCtx) => {
    const ms = toMs(value);
    if (ms === null || Number.isNaN(ms)) return;
    const at = now();
    if (!inDateRange(ms, at)) ctx.addIssue({ code: 'custom', message: dateRangeMessage(LABELS[field], at) });
  };

export const DAY_INVALID = 'must be a date (YYYY-MM-DD)';

/** A period's end as a calendar day "YYYY-MM-DD", within the accepted range by `now`. */
export const dayParam = (field: Field, now: () => Date) =>
  z
    .string({ error: `${field} ${DAY_INVALID}` })
    .refine((v) => parseDay(v) !== null, `${field} ${DAY_INVALID}`)
    .superRefine(withinRange(field, now, parseDay));

/** A period's end as an ISO 8601 date and time with its offset, within the accepted range by `now`. */
export const dateTimeParam = (field: Field, now: () => Date) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be a date and time (ISO 8601)` })
    .superRefine(withinRange(field, now, Date.parse));
