import { describe, expect, it } from 'vitest';
import { dayIn, previousMonth, reportQueryAt } from '../../shared/reports';
import { periodDays, reportPeriod, startOfDay } from './period';

describe('report periods in the agency time zone', () => {
  it('starts each day at local midnight, DST changes included', () => {
    expect(startOfDay('2026-11-10', 'Europe/Berlin').toISOString()).toBe('2026-11-09T23:00:00.000Z');
    expect(startOfDay('2026-07-10', 'Europe/Berlin').toISOString()).toBe('2026-07-09T22:00:00.000Z');
    expect(startOfDay('2026-11-10', 'America/New_York').toISOString()).toBe('2026-11-10T05:00:00.000Z');
    expect(startOfDay('2026-11-10', 'Asia/Kolkata').toISOString()).toBe('2026-11-09T18:30:00.000Z');
    expect(startOfDay('2026-11-10', 'UTC').toISOString()).toBe('2026-11-10T00:00:00.000Z');
    // The day clocks go back in Berlin lasts 25 hours; the day they go forward, 23.
    const long = reportPeriod({ from: '2026-10-25', to: '2026-10-25' }, 'Europe/Berlin', new Date());
    expect((long.end.getTime() - long.start.getTime()) / 3_600_000).toBe(25);
    const short = reportPeriod({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Berlin', new Date());
    expect((short.end.getTime() - short.start.getTime()) / 3_600_000).toBe(23);
  });

  it("splits a period into the agency's days, each running from one local midnight to the next", () => {
    const days = periodDays(
      reportPeriod({ from: '2026-10-24', to: '2026-10-26' }, 'Europe/Berlin', new Date()),
    );
    expect(
      days.map((d) => [d.day, d.from.toISOString(), (d.to.getTime() - d.from.getTime()) / 3_600_000]),
    ).toEqual([
      ['2026-10-24', '2026-10-23T22:00:00.000Z', 24],
      ['2026-10-25', '2026-10-24T22:00:00.000Z', 25],
      ['2026-10-26', '2026-10-25T23:00:00.000Z', 24],
    ]);
  });

  it('defaults to the previous month as the agency counts days', () => {
    expect(previousMonth('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31', period: '2025-12' });
    expect(previousMonth('2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28', period: '2026-02' });
    // 23:30 UTC on 31 October is already November in Berlin: the previous month is October.
    const now = new Date('2026-10-31T23:30:00Z');
    expect(dayIn('Europe/Berlin', now)).toBe('2026-11-01');
    expect(reportPeriod({}, 'Europe/Berlin', now)).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(reportPeriod({}, 'UTC', now)).toMatchObject({ from: '2026-09-01', to: '2026-09-30' });
  });

  it('accepts 400 days and refuses 401, a reversed period and impossible dates', () => {
    const reportQuery = reportQueryAt(() => new Date('2027-06-01T12:00:00Z'));
    expect(reportQuery.safeParse({ from: '2025-01-01', to: '2026-02-04' }).success).toBe(true);
    expect(reportQuery.safeParse({ from: '2025-01-01', to: '2026-02-05' }).success).toBe(false);
    expect(reportQuery.safeParse({ from: '2026-01-02', to: '2026-01-01' }).success).toBe(false);
    expect(reportQuery.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(reportQuery.safeParse({ from: '2026-02-29', to: '2026-03-01' }).success).toBe(false);
    expect(reportQuery.safeParse({ from: '2028-02-29', to: '2028-03-01' }).success).toBe(true);
  });

  it('accepts days from 2000-01-01 to a year after today by the clock it is given, and says so otherwise', () => {
    const reportQuery = reportQueryAt(() => new Date('2026-11-26T23:59:00Z'));
    const issues = (from: string, to: string) =>
      reportQuery.safeParse({ from, to }).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues('2000-01-01', '2000-01-31')).toEqual([]);
    expect(issues('2027-11-01', '2027-11-26')).toEqual([]);
    expect(issues('2027-11-01', '2027-11-27')).toEqual([
      ['to', 'The end date must be between 2000-01-01 and 2027-11-26.'],
    ]);
    expect(issues('1999-12-31', '2000-01-01')).toEqual([
      ['from', 'The start date must be between 2000-01-01 and 2027-11-26.'],
    ]);
    expect(issues('9999-12-01', '9999-12-31').map(([path]) => path)).toEqual(['from', 'to']);
  });
});
