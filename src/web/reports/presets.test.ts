import { describe, expect, it } from 'vitest';
import { periodPresets } from './presets';

const ranges = (today: string) =>
  Object.fromEntries(periodPresets(today).map((p) => [p.label, `${p.from}..${p.to}`]));

describe('report period presets', () => {
  it('are the previous month, this month up to today and the 90 days ending today', () => {
    expect(ranges('2026-11-24')).toEqual({
      'Last month': '2026-10-01..2026-10-31',
      'This month so far': '2026-11-01..2026-11-24',
      'Last 90 days': '2026-08-27..2026-11-24',
    });
  });

  it('cross the year and count leap days', () => {
    expect(ranges('2028-01-01')).toEqual({
      'Last month': '2027-12-01..2027-12-31',
      'This month so far': '2028-01-01..2028-01-01',
      'Last 90 days': '2027-10-04..2028-01-01',
    });
    expect(ranges('2028-03-15')).toEqual({
      'Last month': '2028-02-01..2028-02-29',
      'This month so far': '2028-03-01..2028-03-15',
      'Last 90 days': '2027-12-17..2028-03-15',
    });
  });
});
