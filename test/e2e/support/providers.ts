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

/** Waits until GridPane's sites are our websites (the first sync runs in the background). */
export async function websitesReady(page: Page): Promise<number> {
  let overall = 0;
  await expect(async () => {
    const res = await page.request.get('/api/websites?pageSize=1');
    expect(res.ok(), await res.text()).toBeTruthy();
    const body = (await res.json()) as { overall: number; hosts: { refreshing: boolean }[] };
    expect(body.hosts.length).toBeGreaterThan(0);
    expect(body.hosts.some((h) => h.refreshing)).toBe(false);
    expect(body.overall).toBeGreaterThan(0);
    overall = body.overall;
  }).toPass({ timeout: 30_000 });
  return overall;
}

/**
 * Signed in with the providers' figures in: the dashboard's first website (the one most in need of
 * attention) given to a new client named `${prefix} <unique>`.
 */
export async function dashboardWebsiteOfNewClient(
  page: Page,
  prefix: string,
): Promise<{ websiteId: number; client: { id: number; name: string } }> {
  await connectProviders(page);
  await websitesReady(page);
  await waitForFigures(page);
  const res = await page.request.get('/api/dashboard');
  expect(res.ok(), await res.text()).toBeTruthy();
  const dashboard = (await res.json()) as { websiteStatus: { websiteId: number | null }[] };
  const websiteId = dashboard.websiteStatus.find((c) => c.websiteId !== null)!.websiteId!;
  const name = `${prefix} ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/clients', { data: { name } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: number };
  const given = await page.request.put(`/api/websites/${websiteId}/client`, { data: { clientId: id } });
  expect(given.ok(), await given.text()).toBeTruthy();
  return { websiteId, client: { id, name } };
}
