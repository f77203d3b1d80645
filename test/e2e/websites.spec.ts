import type { Page } from '@playwright/test';
import {
  HEALTH_LABELS,
  HEALTH_SOURCE_LABELS,
  type Health,
  type WebsiteView,
} from '../../src/shared/websites';
import { expect, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { connectProviders, dashboardWebsiteOfNewClient, websitesReady } from './support/providers';

type Option = { id: string; label: string; count: number };
type Page_ = { data: WebsiteView[]; total: number; overall: number };

const api = async <T>(page: Page, url: string) => {
  const res = await page.request.get(url);
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
};

/**
 * The Websites page pages through the server's list; server and tag filters and the search query the
 * server; the view lives in the address, so a reload and Back bring it back.
 */
test('page through websites, filter by server and tag, search; reload and Back keep the view', async ({
  page,
}) => {
  await signInByApi(page);
  await connectProviders(page);
  const total = await websitesReady(page);
  const all = (await api<Page_>(page, '/api/websites?pageSize=200')).data;

  // A tag on exactly one website, to filter by.
  const tagName = `Fleet ${Date.now().toString(36)}`;
  const tag = await (await page.request.post('/api/tags', { data: { name: tagName } })).json();
  const tagged = all[3]!;
  expect((await page.request.post(`/api/websites/${tagged.id}/tags`, { data: { tagId: tag.id } })).ok()).toBe(
    true,
  );

  // Pages of ten.
  await page.goto('/websites?pageSize=10');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(page.getByText(`${total} of ${total} websites`, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(page.getByText(`Page 1 of ${Math.ceil(total / 10)}`)).toBeVisible();
  const firstPage = await rows.getByRole('rowheader').allInnerTexts();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByText(`Page 2 of ${Math.ceil(total / 10)}`)).toBeVisible();
  await expect(rows).toHaveCount(10);
  // The first page stays in view until the second arrives: wait for the second's rows.
  await expect
    .poll(async () => (await rows.getByRole('rowheader').allInnerTexts()).some((u) => firstPage.includes(u)))
    .toBe(false);

  // Filter by server: every row is on that server, the count is the server's.
  const options = await api<{ servers: Option[] }>(page, '/api/sites/options');
  const server = options.servers[0]!;
  const onServer = all.filter((w) => w.serverId === server.id).length;
  await page.getByRole('combobox', { name: 'Server filter' }).click();
  await page.getByRole('option', { name: new RegExp(`^${server.label}`) }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]server=${server.id}(&|$)`));
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByText(`${onServer} of ${total} websites`, { exact: true })).toBeVisible();
  const serverCells = await rows.locator('td[data-column="server"]').allInnerTexts();
  expect(serverCells.length).toBe(Math.min(10, onServer));
  for (const cell of serverCells) expect(cell).toBe(server.label);

  // Back returns to page 2 without the filter; forward again.
  await page.goBack();
  await expect(page.getByText(`Page 2 of ${Math.ceil(total / 10)}`)).toBeVisible();
  await expect(page.getByText(`${total} of ${total} websites`, { exact: true })).toBeVisible();
  await page.goForward();
  await expect(page.getByText(`${onServer} of ${total} websites`, { exact: true })).toBeVisible();

  // Filter by tag instead of server.
  await page.getByRole('combobox', { name: 'Server filter' }).click();
  await page.getByRole('option', { name: 'All servers' }).click();
  await page.getByRole('combobox', { name: 'Tag filter' }).click();
  await page.getByRole('option', { name: new RegExp(`^${tagName}`) }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]tag=${tag.id}(&|$)`));
  await expect(page.getByText(`1 of ${total} websites`, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.getByText(tagged.domain, { exact: true })).toBeVisible();
  await expect(rows.getByText(tagName)).toBeVisible();

  // Search (debounced) on the whole list.
  await page.goto('/websites?pageSize=10');
  const needle = all[7]!.domain;
  await page.getByLabel('Search websites').fill(needle);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(needle).replace(/\./g, '\\.')}`));
  const matching = all.filter(
    (w) => w.domain.includes(needle) || w.name.toLowerCase().includes(needle),
  ).length;
  await expect(page.getByText(`${matching} of ${total} websites`, { exact: true })).toBeVisible();
  await expect(rows.getByText(needle, { exact: true })).toBeVisible();

  // A reload brings the same view back: the box, the count, the rows.
  await page.reload();
  await expect(page.getByLabel('Search websites')).toHaveValue(needle);
  await expect(page.getByText(`${matching} of ${total} websites`, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(matching);

  // The Export link asks for exactly what the list shows.
  const exported = page.getByRole('link', { name: /Export CSV/ });
  await expect(exported).toHaveAttribute('href', `/api/websites/export.csv?q=${encodeURIComponent(needle)}`);

  // Clearing the search (its "No websites match" text, then Clear Search) shows everything again.
  await page.getByLabel('Search websites').fill('no-such-site-anywhere');
  await expect(page.getByText('No websites match "no-such-site-anywhere"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(page.getByText(`${total} of ${total} websites`, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Search websites')).toHaveValue('');
});

test('filter and sort by health; an old monitor link reads as the health it meant', async ({ page }) => {
  await signInByApi(page);
  await connectProviders(page);
  const total = await websitesReady(page);
  const worstFirst = (await api<Page_>(page, '/api/websites?pageSize=200&sort=health')).data;
  // A state some websites have and others not, to filter by.
  const state = worstFirst[0]!.health.state;
  const inState = worstFirst.filter((w) => w.health.state === state).length;
  expect(inState).toBeLessThan(total);

  await page.goto('/websites?pageSize=200');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(total);
  await page.getByRole('combobox', { name: 'Health filter' }).click();
  await page.getByRole('option', { name: HEALTH_LABELS[state], exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]health=${state}(&|$)`));
  await expect(page.getByText(`${inState} of ${total} websites`, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(inState);
  const badges = rows.locator('td[data-column="health"] [data-health]');
  await expect(badges).toHaveCount(inState);
  for (const badge of await badges.all()) {
    await expect(badge).toHaveAttribute('data-health', state);
    await expect(badge).toHaveText(HEALTH_LABELS[state]);
  }
  // The export holds the same view.
  await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
    'href',
    `/api/websites/export.csv?health=${state}`,
  );

  // Sort by health, by keyboard: worst first, then the other way round; the header says which.
  await page.goto('/websites?pageSize=200');
  const header = page.getByRole('columnheader', { name: 'Health', exact: true });
  await expect(page.getByRole('columnheader', { name: 'Site', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(header).not.toHaveAttribute('aria-sort', /./);
  await header.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]sort=health(&|$)/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  // A row header is the domain, and a staging badge on a line of its own.
  const domains = async () =>
    (await rows.getByRole('rowheader').allInnerTexts()).map((t) => t.split('\n')[0]);
  await expect.poll(domains).toEqual(worstFirst.map((w) => w.domain));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]sort=-health(&|$)/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const bestFirst = (await api<Page_>(page, '/api/websites?pageSize=200&sort=-health')).data;
  await expect.poll(domains).toEqual(bestFirst.map((w) => w.domain));
  // The sort stays through a reload.
  await page.reload();
  await expect(header).toHaveAttribute('aria-sort', 'descending');

  // An old link's monitor filter becomes the health filter it stood for.
  await page.goto('/websites?monitor=none');
  await expect(page).toHaveURL(/[?&]health=unmonitored(&|$)/);
  await expect(page).not.toHaveURL(/monitor=/);
  await expect(page.getByRole('combobox', { name: 'Health filter' })).toHaveText(HEALTH_LABELS.unmonitored);
});

test('a website shows the same health on the Websites list, its client’s page and the dashboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page);
  const { websiteId, client } = await dashboardWebsiteOfNewClient(page, 'Same Health');
  const { name } = client;
  const website = await api<WebsiteView>(page, `/api/websites/${websiteId}`);
  const health: Health = website.health;
  const source = health.source ? HEALTH_SOURCE_LABELS[health.source] : null;

  // The Websites list, filtered by that client (the client picker searches clients on the server).
  await page.goto('/websites');
  await page.getByRole('combobox', { name: 'Client filter' }).click();
  await page.getByPlaceholder('Search clients...').fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]client=${client.id}(&|$)`));
  const row = page.getByRole('table').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText(website.domain);
  await expect(row.getByRole('link', { name })).toHaveAttribute('href', `/clients/${client.id}`);
  const listed = row.locator('td[data-column="health"]');
  await expect(listed.locator('[data-health]')).toHaveAttribute('data-health', health.state);
  await expect(listed.locator('[data-health]')).toHaveText(HEALTH_LABELS[health.state]);
  if (source) await expect(listed.getByText(source, { exact: true })).toBeVisible();

  // The client's page.
  await page.goto(`/clients/${client.id}`);
  const onClient = page
    .getByRole('table', { name: `Websites of ${name}` })
    .getByRole('row')
    .filter({ hasText: website.domain })
    .locator('td[data-column="health"]');
  await expect(onClient.locator('[data-health]')).toHaveAttribute('data-health', health.state);
  await expect(onClient.locator('[data-health]')).toHaveText(HEALTH_LABELS[health.state]);
  if (source) await expect(onClient.getByText(source, { exact: true })).toBeVisible();

  // The dashboard's card: its status in the dashboard's words, the same health and source under it.
  await page.goto('/');
  const onDashboard = page
    .getByTestId('site-card')
    .filter({ has: page.getByRole('heading', { name: website.domain, exact: true }) });
  await expect(onDashboard.locator('[data-health]')).toHaveAttribute('data-health', health.state);
  if (source) await expect(onDashboard.getByText(source, { exact: true })).toBeVisible();

  // And the website's own page, with since when.
  await onDashboard.getByRole('link', { name: /^Manage / }).click();
  await expect(page).toHaveURL(new RegExp(`/websites/internal/${website.id}$`));
  await expect(page.locator('main [data-health]').first()).toHaveAttribute('data-health', health.state);
  if (health.since) await expect(page.locator('main time').filter({ hasText: /^since / })).toBeVisible();
});
