// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { measuredUptime, SPAN_MS } from '@web/components/measured-uptime';
import { formatDateTime } from '@web/lib/format';
import { afterEach, describe, expect, it } from 'vitest';
import { UptimeCard } from './check-cards';

afterEach(cleanup);

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('measuredUptime', () => {
  it('reads "No data" when nothing was measured in the span', () => {
    expect(measuredUptime(null, null, SPAN_MS.day, now)).toEqual({ figure: 'No data', since: null });
    expect(measuredUptime(100, null, SPAN_MS.day, now)).toEqual({ figure: 'No data', since: null });
  });

  it('gives the figure alone when the measured time covers the span', () => {
    expect(measuredUptime(99.5, ago(SPAN_MS.week), SPAN_MS.week, now)).toEqual({
      figure: '99.50%',
      since: null,
    });
  });

  it('gives the figure with "since <date-time>" when measuring began inside the span', () => {
    const from = ago(3 * SPAN_MS.day);
    expect(measuredUptime(100, from, SPAN_MS.month, now)).toEqual({
      figure: '100.00%',
      since: `since ${formatDateTime(from)}`,
    });
  });
});

describe('UptimeCard', () => {
  it('shows each span as measured', () => {
    const from = new Date(Date.now() - 2 * SPAN_MS.day).toISOString();
    const { container } = render(
      <UptimeCard
        uptime={{
          day: 98,
          week: 99.25,
          month: null,
          measuredFrom: { day: new Date(Date.now() - SPAN_MS.day).toISOString(), week: from, month: null },
        }}
      />,
    );
    const text = container.textContent ?? '';
    expect(text).toContain('Last 24 hours98.00%Last 7 days');
    expect(text).toContain(`99.25%since ${formatDateTime(from)}`);
    expect(text).toContain('Last 30 daysNo data');
  });
});
