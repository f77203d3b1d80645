import type { Locator, Page } from '@playwright/test';
import { expect, state, test } from './support/fixtures';
import { signInByApi } from './support/pages';

const UPTIME = /^\d{1,3}\.\d{2}%$/;
const RESPONSE = /^[\d,]+ ms$/;

/** Connects the fake GridPane through the API (the GridPane spec tests its form). */
async function connectGridPane(page: Page) {
  const { url, token } = state().gridpane;
  const res = await page.request.post('/api/integrations/gridpane', {
    data: { baseUrl: url, accessToken: token },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Opens a provider's inline form, whether or not it was configured before, fills it and saves. */
async function configure(page: Page, id: string, name: string, fields: Record<string, string>) {
  const card = page.getByTestId(`integration-${id}`);
  await card.getByRole('button', { name: 'Configure' }).click();
  const form = card.getByRole('form', { name: `${name} settings` });
  for (const [label, value] of Object.entries(fields)) {
    const field = form.getByLabel(label, { exact: true });
    // Optional fields sit under "Advanced", open already when a value was saved before.
    if (!(await field.isVisible())) await form.getByText('Advanced', { exact: true }).click();
    await field.fill(value);
  }
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(card.getByText('connected', { exact: true })).toBeVisible();
}

/** Figures come from a background job: reload until the first row shows them (bounded). */
async function waitForFigures(page: Page, rows: Locator) {
  await expect(async () => {
    await page.reload();
    const first = rows.first();
    await expect(first.locator('td').nth(2)).toHaveText(UPTIME, { timeout: 2_000 });
    await expect(first.locator('td').nth(3)).toHaveText(RESPONSE, { timeout: 1_000 });
  }).toPass({ timeout: 40_000, intervals: [1_000, 2_000, 3_000] });
}

test('configure Better Uptime and HD Snapshot, browse monitors, see a site’s uptime and WordPress facts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const bu = state().betteruptime;
  const wp = state().wordpress;
  await signInByApi(page);
  await connectGridPane(page);

  await page.goto('/integrations');
  await configure(page, 'betteruptime', 'Better Uptime', { 'API Token': bu.token, 'Base URL': bu.url });
  await configure(page, 'hdsnapshot', 'HD Snapshot', {
    'Global Token': wp.token,
    'Address template': wp.urlTemplate,
  });

  // Uptime: every monitor, list view by default, figures with 2 decimals and in ms.
  await page.getByRole('navigation').getByRole('link', { name: 'Uptime' }).click();
  await expect(page).toHaveURL(/\/uptime$/);
  await expect(
    page.getByText(new RegExp(`^${bu.monitors} of ${bu.monitors} monitors( \\(cached\\))?$`)),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'List View' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(bu.monitors);
  await waitForFigures(page, rows);
  const header = page.getByRole('table').locator('thead th');
  await expect(header).toHaveText([
    'Status',
    'Monitor',
    'Uptime',
    'Response',
    'Frequency',
    'Last Checked',
    'Actions',
  ]);
  await expect(rows.first().locator('td').nth(4)).toHaveText(
    /^every (minute|hour|\d+ seconds|\d+ min( \d+ s)?|\d+ h( \d+ min)?)$/,
  );

  // At 1280 px a row's actions are in view, not cut off at the card's right edge.
  await page.setViewportSize({ width: 1280, height: 860 });
  await expect(rows.first().getByRole('link', { name: 'Visit' })).toBeInViewport({ ratio: 1 });

  // Down monitors are red and say so in words.
  const down = page.getByRole('table').locator('[data-status="down"]').first();
  await expect(down).toHaveText('Down');
  await expect(down).toHaveClass(/red/);

  // Search by name or URL; no match offers Clear Search.
  const site = state().gridpane.sites.find(
    (s) => !s.startsWith('staging.') && state().gridpane.sites.filter((o) => o.includes(s)).length === 1,
  )!;
  await page.getByLabel('Search monitors').fill(site);
  await expect(rows).toHaveCount(1);
  await expect(page.getByText(new RegExp(`^1 of ${bu.monitors} monitors`))).toBeVisible();
  await expect(rows.first().getByRole('link', { name: 'Visit' })).toHaveAttribute('target', '_blank');
  await page.getByLabel('Search monitors').fill('no-such-monitor-anywhere');
  await expect(page.getByText('No monitors match "no-such-monitor-anywhere"')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Better Uptime' })).toHaveAttribute(
    'href',
    'https://uptime.betterstack.com',
  );
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(rows).toHaveCount(bu.monitors);

  // Grid view: a card per monitor with its figures.
  await page.getByRole('tab', { name: 'Grid View' }).click();
  const cards = page.getByTestId('monitor-card');
  await expect(cards).toHaveCount(bu.monitors);
  await expect(cards.first().getByText(UPTIME)).toBeVisible();
  await expect(cards.first().getByRole('link', { name: 'Visit' })).toBeVisible();

  // Websites list: each website's health, and Better Uptime as its source where no check of ours watches it.
  await page.goto('/websites');
  await expect(page.getByRole('columnheader', { name: 'Health' })).toBeVisible();
  await expect(page.getByRole('table').getByText('Better Uptime', { exact: true }).first()).toBeVisible();

  // Site detail: the matching monitor and the HD Snapshot facts.
  const sites = (await (await page.request.get('/api/sites')).json()) as {
    data: { id: number; url: string }[];
  };
  const target = sites.data.find((s) => s.url === site)!;
  const snapshot = (await (await page.request.get(`/api/sites/${target.id}/snapshot`)).json()) as {
    data: { wordpress_version: string; php_version: string; theme: string; plugin_count: number };
  };
  await page.goto(`/websites/${target.id}`);
  // The site is one of our websites: its page shows the monitor that watches it.
  await expect(page).toHaveURL(/\/websites\/internal\/\d+$/);
  const monitor = page.getByTestId('website-monitoring').getByRole('region', { name: 'Better Uptime' });
  // The 30 days come with the page; the 24 hours and 7 days follow once Better Uptime answers.
  await expect(monitor.getByText('Better Uptime counts whole days (UTC)', { exact: false })).toBeVisible();
  await expect(monitor.getByText(UPTIME)).toHaveCount(3);
  await expect(monitor.getByRole('link', { name: 'View in Uptime' })).toHaveAttribute('href', /^\/uptime\?/);
  const snapshotCard = page.getByTestId('site-snapshot-card');
  await expect(snapshotCard.getByText('HD Snapshot')).toBeVisible();
  for (const [label, value] of [
    ['WordPress Version', snapshot.data.wordpress_version],
    ['PHP Version', snapshot.data.php_version],
    ['Theme', snapshot.data.theme],
    ['Plugins', String(snapshot.data.plugin_count)],
  ] as const) {
    const row = snapshotCard.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
    await expect(row.locator('dd')).toHaveText(value);
  }
  await snapshotCard.getByRole('button', { name: 'Refresh snapshot' }).click();
  await expect(snapshotCard.getByText(/^Fetched just now$/)).toBeVisible();
});
