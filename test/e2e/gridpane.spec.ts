import type { Page } from '@playwright/test';
import { expect, state, test } from './support/fixtures';
import { signInByApi } from './support/pages';

/** Connects the fake GridPane through the API (for specs that don't test the form itself). */
async function connectGridPane(page: Page) {
  const { url, token } = state().gridpane;
  const res = await page.request.post('/api/integrations/gridpane', {
    data: { baseUrl: url, accessToken: token },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A site url that no other url contains, so a search for it finds exactly one row. */
function uniqueSite(): string {
  const { sites } = state().gridpane;
  // Our website's domain is the site's address without "www.": pick one that has none.
  const url = sites.find(
    (s) => !/^(staging|www)\./.test(s) && sites.filter((o) => o.includes(s)).length === 1,
  );
  if (!url) throw new Error('no site with a unique url in the fake fleet');
  return url;
}

test('configure GridPane, browse sites, tag a website, open site and server details', async ({ page }) => {
  const gp = state().gridpane;
  await signInByApi(page);

  // Integrations: the inline form, whether or not an earlier spec configured GridPane already.
  await page.goto('/integrations');
  const card = page.getByTestId('integration-gridpane');
  await card.getByRole('button', { name: 'Configure' }).click();
  const form = card.getByRole('form', { name: 'GridPane settings' });
  await form.getByLabel('Base URL').fill(gp.url);
  await form.getByLabel('Access Token').fill(gp.token);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Connected to GridPane as/)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(card.getByText('connected', { exact: true })).toBeVisible();
  await expect(card.getByText(/\d+ API calls?/)).toBeVisible();
  // Integrations the server does not speak to say so, with no figures.
  await expect(page.getByTestId('integration-cloudflare').getByText('Not connected')).toBeVisible();

  // Websites: a website for every site of the fake (one per domain, "www." left off), in the list view
  // (the default), as soon as the first sync has read them.
  await page.getByRole('navigation').getByRole('link', { name: 'Websites' }).click();
  const domains = [...new Set(gp.sites.map((s) => s.replace(/^www\./, '')))];
  await expect(
    page.getByText(`${domains.length} of ${domains.length} websites`, { exact: true }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('tab', { name: 'List View' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(domains.length);
  for (const domain of domains) await expect(rows.getByText(domain, { exact: true })).toBeVisible();

  const url = uniqueSite();
  await page.getByLabel('Search websites').fill(url);
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Search websites').fill('no-such-site-anywhere');
  await expect(page.getByText('No websites match "no-such-site-anywhere"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(rows).toHaveCount(domains.length);
  await page.getByLabel('Search websites').fill(url);
  await rows.getByRole('link', { name: `View details of ${url}` }).click();

  // Internal website: create a tag (assigned at once), then remove it.
  await expect(page).toHaveURL(/\/websites\/internal\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: url })).toBeVisible();
  const tag = `E2E ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Create New Tag' }).click();
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
  await page.getByLabel('New tag name').fill(tag);
  await page.getByLabel('New tag name').press('Enter');
  await expect(page.getByText('Tag created successfully', { exact: true })).toBeVisible();
  await expect(page.getByLabel('New tag name')).toBeHidden();
  const assigned = page.getByRole('list', { name: 'Assigned tags' });
  await expect(assigned.getByText(tag)).toBeVisible();
  await page.getByRole('button', { name: `Remove tag ${tag}` }).click();
  await expect(page.getByText('Tag removed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove tag ${tag}` })).toBeHidden();
  await expect(page.getByRole('button', { name: `Add tag ${tag}` })).toBeVisible();

  // The grid view's cards open the same website. Back returns to the list the website was opened from.
  await page.getByRole('link', { name: 'Back to Websites' }).click();
  await page.getByRole('tab', { name: 'Grid View' }).click();
  await page.getByRole('link', { name: `View details of ${url}` }).click();
  await expect(page).toHaveURL(/\/websites\/internal\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: url })).toBeVisible();

  // A GridPane site's own address opens the same website page.
  const sites = (await (
    await page.request.get(`/api/sites?q=${encodeURIComponent(gp.sites[0]!)}`)
  ).json()) as {
    data: { id: number; url: string }[];
  };
  await page.goto(`/websites/${sites.data.find((s) => s.url === gp.sites[0])!.id}`);
  await expect(page).toHaveURL(/\/websites\/internal\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: gp.sites[0] })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Website Details' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit Site' })).toHaveAttribute(
    'href',
    `https://${gp.sites[0]}`,
  );

  // Servers, then one server and its sites.
  await page.getByRole('navigation').getByRole('link', { name: 'Servers' }).click();
  const n = gp.servers.length;
  await expect(page.getByText(new RegExp(`^${n} of ${n} servers( \\(cached\\))?$`))).toBeVisible();
  for (const label of gp.servers) await expect(page.getByText(label, { exact: true })).toBeVisible();
  await page.getByLabel('Search servers').fill(gp.servers[0]!);
  await expect(page.getByText(new RegExp(`^1 of ${gp.servers.length} servers`))).toBeVisible();
  await page.getByRole('link', { name: `View details of ${gp.servers[0]}` }).click();
  await expect(page).toHaveURL(/\/servers\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: gp.servers[0] })).toBeVisible();
  await expect(page.getByText('WordPress sites hosted on this server')).toBeVisible();
  const siteLinks = page.locator('li a[href^="/websites/"]');
  expect(await siteLinks.count()).toBeGreaterThan(0);
  const first = (await siteLinks.first().textContent()) ?? '';
  expect(gp.sites).toContain(first);
  await siteLinks.first().click();
  await expect(page.getByRole('heading', { level: 2, name: first })).toBeVisible();
});

test('a wrong token is refused, and a disabled integration leads back to its settings', async ({ page }) => {
  await signInByApi(page);
  await connectGridPane(page);
  await page.goto('/integrations');
  const card = page.getByTestId('integration-gridpane');

  // Validation first, then the provider's refusal, shown under the field.
  await card.getByRole('button', { name: 'Configure' }).click();
  const form = card.getByRole('form', { name: 'GridPane settings' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Access token is required')).toBeVisible();
  await form.getByLabel('Access Token').fill('not-the-right-token');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Failed to save', { exact: true })).toBeVisible();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Switched off: the data pages say so and point to the settings; switched on again from there.
  try {
    await card.getByRole('switch', { name: 'Connect GridPane' }).click();
    await expect(card.getByText('disconnected', { exact: true })).toBeVisible();
    await page.goto('/servers');
    await expect(page.getByText('Unable to fetch servers')).toBeVisible();
    // The websites read so far stay listed, with a way back to the connection.
    await page.goto('/websites');
    await expect(page.getByText('No host is connected.')).toBeVisible();
    await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
    await page.getByRole('link', { name: 'Connect GridPane' }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await card.getByRole('switch', { name: 'Connect GridPane' }).click();
    await expect(card.getByText('connected', { exact: true })).toBeVisible();
  } finally {
    await page.request.patch('/api/integrations/gridpane', { data: { enabled: true } });
  }
});

test('site and server details say when they do not exist', async ({ page }) => {
  await signInByApi(page);
  await connectGridPane(page);
  await page.goto('/servers/999999999');
  await expect(page.getByText('Server not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Servers' })).toBeVisible();
  await page.goto('/websites/999999999');
  await expect(page.getByText('Site not found')).toBeVisible();
  await page.goto('/websites/internal/999999999');
  await expect(page.getByText('Website not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Websites' })).toBeVisible();
});
