import type { Page } from '@playwright/test';
import { HEALTH_LABELS, type WebsiteDetail } from '../../src/shared/websites';
import { scan } from './support/axe';
import { expect, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { connectProviders, dashboardWebsiteOfNewClient, websitesReady } from './support/providers';

const getJson = async <T>(page: Page, url: string) => {
  const res = await page.request.get(url);
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
};

/** The one website page: its health, what watches it, its versions with their sources, its incidents. */
async function expectWebsitePage(page: Page, website: WebsiteDetail) {
  await expect(page).toHaveURL(new RegExp(`/websites/internal/${website.id}$`));
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 2, name: website.name })).toBeVisible();
  await expect(main.locator('[data-health]').first()).toHaveText(HEALTH_LABELS[website.health.state]);
  const monitoring = page.getByTestId('website-monitoring');
  await expect(monitoring.getByRole('heading', { name: 'Monitoring' })).toBeVisible();
  await expect(monitoring.getByRole('region', { name: 'Our check' })).toBeVisible();
  await expect(monitoring.getByRole('region', { name: 'Better Uptime' })).toBeVisible();
  const versions = page.getByTestId('website-versions');
  for (const php of website.versions.php) {
    await expect(versions.getByText(php.version, { exact: true })).toBeVisible();
  }
  if (website.versions.php.some((r) => r.source === 'gridpane'))
    await expect(versions.getByText(/^GridPane, read /)).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Incidents', exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Website Details', exact: true })).toBeVisible();
}

test('one website page, opened from the list, a client and the dashboard; Back returns where you came from', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page);
  const { websiteId, client } = await dashboardWebsiteOfNewClient(page, 'Website Page');
  const { name } = client;
  const website = await getJson<WebsiteDetail>(page, `/api/websites/${websiteId}`);
  expect(website.client?.id).toBe(client.id);

  // From the Websites list (searched): View Details, then Back to the very list.
  await page.goto(`/websites?q=${encodeURIComponent(website.domain)}`);
  const row = page.getByRole('table').locator('tbody tr').filter({ hasText: website.domain }).first();
  await row.getByRole('link', { name: /view details/i }).click();
  await expectWebsitePage(page, website);
  await expect(page.getByRole('main').getByRole('link', { name }).first()).toHaveAttribute(
    'href',
    `/clients/${client.id}`,
  );
  await page.getByRole('link', { name: 'Back to Websites' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/websites\\?q=${encodeURIComponent(website.domain).replace('.', '\\.')}`),
  );

  // From the client's page, and Back to that client.
  await page.goto(`/clients/${client.id}`);
  await page
    .getByRole('table', { name: `Websites of ${name}` })
    .getByRole('link', { name: website.domain, exact: true })
    .click();
  await expectWebsitePage(page, website);
  await page.getByRole('link', { name: `Back to ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));

  // From the dashboard's card.
  await page.goto('/');
  const card = page
    .getByTestId('site-card')
    .filter({ has: page.getByRole('heading', { name: website.domain }) });
  await card.getByRole('link', { name: /^Manage / }).click();
  await expectWebsitePage(page, website);

  // A GridPane site's own address opens the same page.
  if (website.integrationProvider === 'gridpane' && website.providerSiteId) {
    await page.goto(`/websites/${website.providerSiteId}`);
    await expectWebsitePage(page, website);
  }

  // Opened directly, Back goes to the Websites list.
  await page.goto(`/websites/internal/${website.id}`);
  await expect(page.getByRole('link', { name: 'Back to Websites' })).toHaveAttribute('href', '/websites');
});

test('add a check from the website page: the page shows it at once, with "No data" until it has run', async ({
  page,
}) => {
  await signInByApi(page);
  await connectProviders(page);
  await websitesReady(page);
  const list = await getJson<{ data: WebsiteDetail[] }>(page, '/api/websites?pageSize=100&sort=domain');
  const unchecked = list.data.find((w) => w.check === null && !w.removed);
  expect(unchecked, 'the fake account has websites without a check of ours').toBeDefined();
  await page.goto(`/websites/internal/${unchecked!.id}`);
  const ours = page.getByTestId('website-monitoring').getByRole('region', { name: 'Our check' });
  await ours.getByRole('button', { name: 'Add check' }).click();
  await expect(page.getByText('Check added', { exact: true }).first()).toBeVisible();
  await expect(ours.getByRole('link', { name: 'Open the check' })).toBeVisible();
  // A check minutes old claims no 7 or 30 days: nothing measured yet, or its figure since it began.
  await expect(ours.getByText(/^(No data|since )/).first()).toBeVisible();
  await expect(page.getByText('Response time', { exact: true })).toBeVisible();
});

test('link a Better Uptime monitor of another address: the page follows it, with its recent figures; then the domain chooses again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page);
  await connectProviders(page);
  await websitesReady(page);
  const list = await getJson<{ data: WebsiteDetail[] }>(page, '/api/websites?pageSize=100&sort=domain');
  const website = list.data.find((w) => w.betterUptimeMonitor && !w.betterUptimeMonitor.linked && !w.removed);
  expect(website, 'the fake account has websites its domain’s monitor watches').toBeDefined();
  const monitors = await getJson<{ data: { id: string; attributes: { pronounceable_name: string } }[] }>(
    page,
    '/api/monitors?page=1&pageSize=20&sort=name',
  );
  const other = monitors.data.find((m) => m.id !== website!.betterUptimeMonitor!.id)!;

  await page.goto(`/websites/internal/${website!.id}`);
  const uptime = page.getByTestId('website-monitoring').getByRole('region', { name: 'Better Uptime' });
  // Its recent figures come from Better Uptime: 24 hours and 7 days, in whole UTC days.
  await expect(uptime.getByText(/Better Uptime counts whole days \(UTC\)/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Response time (Better Uptime)' })).toBeVisible();
  await expect(
    page
      .getByTestId('monitor-response-times')
      .getByText(/ms mean, \d+ checks/)
      .first(),
  ).toBeVisible();

  await uptime.getByRole('button', { name: 'Change monitor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link a Better Uptime monitor' });
  await expect(dialog).toBeVisible();
  expect(await scan(page, 'link monitor dialog')).toEqual([]);
  await dialog.getByRole('combobox', { name: 'Monitor' }).click();
  await page.getByPlaceholder('Search monitors by name or URL...').fill(other.attributes.pronounceable_name);
  await page
    .getByRole('option', { name: new RegExp(`^${escapeRegExp(other.attributes.pronounceable_name)} \\(`) })
    .click();
  await dialog.getByRole('button', { name: 'Link monitor' }).click();
  await expect(page.getByText('Monitor linked', { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(uptime.getByText('Linked to this website')).toBeVisible();
  await expect(uptime.getByText(other.attributes.pronounceable_name).first()).toBeVisible();
  const linked = await getJson<WebsiteDetail>(page, `/api/websites/${website!.id}`);
  expect(linked.betterUptimeMonitor).toMatchObject({ id: other.id, linked: true });

  // Give the choice back to the domain: its own monitor again.
  await uptime.getByRole('button', { name: 'Change monitor' }).click();
  await dialog.getByRole('combobox', { name: 'Monitor' }).click();
  await page.getByRole('option', { name: 'Let the domain choose' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Monitor unlinked', { exact: true }).first()).toBeVisible();
  await expect(uptime.getByText(`Watches ${website!.domain}`)).toBeVisible();
  const back = await getJson<WebsiteDetail>(page, `/api/websites/${website!.id}`);
  expect(back.betterUptimeMonitor).toMatchObject({ id: website!.betterUptimeMonitor!.id, linked: false });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
