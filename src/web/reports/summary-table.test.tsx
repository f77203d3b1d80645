// @vitest-environment jsdom
import type { ReportWebsite } from '@shared/reports';
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DailyBars } from './daily-bars';
import { SummaryTable } from './summary-table';

afterEach(cleanup);

const site = (over: Partial<ReportWebsite>): ReportWebsite => ({
  websiteId: 1,
  domain: 'smile.example',
  uptime: 97.92,
  uptimeSource: 'checks',
  uptimeSourceLabel: 'Agency Hub checks: 1,410 of 1,440 results up',
  measuredFrom: '2026-11-01T00:00:00.000Z',
  measuredPartly: false,
  daily: [],
  avgResponseMs: 250,
  avgResponseSourceLabel: '',
  incidents: [],
  maintenance: [],
  wordpressVersion: null,
  phpVersion: null,
  versionsSeenAt: null,
  lastBackupAt: null,
  backupsReadAt: null,
  backupsTaken: 0,
  updates: [],
  security: {
    status: 'measured',
    reason: null,
    measuredFrom: '2026-11-01T00:00:00.000Z',
    measuredPartly: false,
    open: [],
    fixed: [],
  },
  ...over,
});

describe('the report summary', () => {
  it('states each site\'s measured uptime, "since …" for part of the period, "No data" for none', () => {
    const { container } = render(
      <SummaryTable
        report={{
          timeZone: 'Europe/Berlin',
          websites: [
            site({}),
            site({
              websiteId: 2,
              domain: 'new.example',
              uptime: 99.5,
              measuredFrom: '2026-11-14T11:00:00.000Z',
              measuredPartly: true,
            }),
            site({
              websiteId: 3,
              domain: 'quiet.example',
              uptime: null,
              measuredFrom: null,
              avgResponseMs: null,
            }),
          ],
        }}
      />,
    );
    const table = container.querySelector('table')!;
    const rows = [...table.querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual([
      'smile.example97.92 %0250 ms',
      'new.example99.50 %since 14 Nov 2026, 12:000250 ms',
      'quiet.exampleNo data0No data',
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Website', 'Uptime', 'Incidents', 'Avg response']);
  });
});

describe('the daily bars', () => {
  it('name each day with its figure, and say why a site has none', () => {
    const { container, rerender } = render(
      <DailyBars
        site={site({
          daily: [
            { day: '2026-11-09', uptime: null },
            { day: '2026-11-10', uptime: 97.92 },
          ],
        })}
      />,
    );
    expect(
      [...container.querySelectorAll('li[aria-label]')].map((li) => li.getAttribute('aria-label')),
    ).toEqual(['9 Nov 2026: No data', '10 Nov 2026: 97.92 %']);
    rerender(<DailyBars site={site({ uptimeSource: 'betteruptime', daily: null })} />);
    expect(container.textContent).toBe('No daily figures: Better Uptime gave none for these days.');
  });
});
