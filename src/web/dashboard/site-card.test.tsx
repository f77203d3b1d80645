// @vitest-environment jsdom
import type { SiteCard as SiteCardData } from '@shared/dashboard';
import { cleanup, render, screen } from '@testing-library/react';
import { setTimeSettings } from '@web/lib/format';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiteCard } from './site-card';

afterEach(cleanup);
beforeEach(() => setTimeSettings({ timeZone: 'Europe/London', locale: 'en-GB' }));

const site = (over: Partial<SiteCardData>): SiteCardData => ({
  siteName: 'new.example',
  domain: 'new.example',
  url: 'new.example',
  status: 'online',
  health: { state: 'up', source: 'check', since: null },
  uptime: '66.67%',
  uptimeSince: null,
  lastCheck: null,
  provider: 'gridpane',
  responseTime: 200,
  siteId: 0,
  websiteId: 5,
  ...over,
});

const uptimeOf = () => screen.getByText('Uptime').nextElementSibling?.textContent;

describe('SiteCard', () => {
  it('says since when the uptime was measured, for a check younger than the 30 days', () => {
    render(
      <ul>
        <SiteCard site={site({ uptimeSince: '2026-11-28T09:38:00.000Z' })} />
      </ul>,
    );
    expect(uptimeOf()).toBe('66.67%since 28 Nov 2026, 09:38');
  });

  it('states the figure alone when it covers the 30 days, and a dash when nothing was measured', () => {
    render(
      <ul>
        <SiteCard site={site({})} />
        <SiteCard site={site({ siteName: 'none.example', uptime: null })} />
      </ul>,
    );
    expect(screen.getAllByText('Uptime').map((t) => t.nextElementSibling?.textContent)).toEqual([
      '66.67%',
      '—',
    ]);
  });
});
