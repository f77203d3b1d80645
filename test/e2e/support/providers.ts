import { expect, type Page } from '@playwright/test';
import { state } from './fixtures';

type DashboardBody = { totalSites: number | null; uptime30d: number | null; online: number | null };

/** Connects the fake GridPane and Better Uptime through the API unless an earlier spec did. */
export async function connectProviders(page: Page) {
  const { gridpane, betteruptime } = state();
  const list = (await (await page.request.get('/api/integrations')).json()) as {
    provider: string;
    enabled: boolean;
    configured: boolean;
  }[];
  const ready = (provider: string) => list.some((i) => i.provider === provider && i.enabled && i.configured);
  if (!ready('gridpane')) {
    const res = await page.request.post('/api/integrations/gridpane', {
      data: { baseUrl: gridpane.url, accessToken: gridpane.token },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  if (!ready('betteruptime')) {
    const res = await page.request.post('/api/integrations/betteruptime', {
      data: { apiToken: betteruptime.token, baseUrl: betteruptime.url },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

/** The figures come from background jobs: poll the API until sites and 30-day uptime are known. */
export async function waitForFigures(page: Page): Promise<DashboardBody> {
  let body: DashboardBody = { totalSites: null, uptime30d: null, online: null };
  await expect(async () => {
    body = (await (await page.request.get('/api/dashboard')).json()) as DashboardBody;
    expect(body.totalSites).not.toBeNull();
    expect(body.uptime30d).not.toBeNull();
  }).toPass({ timeout: 60_000, intervals: [500, 1_000, 2_000] });
  return body;
}
