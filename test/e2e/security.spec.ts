import type { Page } from '@playwright/test';
import { SEVERITY_LABELS, type WebsiteSecurity } from '../../src/shared/security';
import { scan } from './support/axe';
import { expect, state, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { connectProviders, websitesReady } from './support/providers';

const getJson = async <T>(page: Page, url: string) => {
  const res = await page.request.get(url);
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
};

/** HD Snapshot through the API unless an earlier spec set it up: the sites' plugin lists come from it. */
async function connectSnapshots(page: Page) {
  const list = await getJson<{ provider: string; configured: boolean }[]>(page, '/api/integrations');
  if (list.some((i) => i.provider === 'hdsnapshot' && i.configured)) return;
  const { token, urlTemplate } = state().wordpress;
  const res = await page.request.post('/api/integrations/hdsnapshot', {
    data: { globalToken: token, urlTemplate },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Signed in as the Owner, with the fake fleet synced and its plugin lists read. */
async function sitesWithPlugins(page: Page) {
  await signInByApi(page);
  await connectProviders(page);
  await websitesReady(page);
  await connectSnapshots(page);
}

test('a Wordfence key saved on Integrations: a website page lists its known vulnerabilities, or says why it is not checked', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await sitesWithPlugins(page);

  await page.goto('/integrations');
  const card = page.getByTestId('integration-wordfence');
  await card.getByRole('button', { name: 'Configure' }).click();
  const form = card.getByRole('form', { name: 'Wordfence Intelligence settings' });
  await form.getByLabel('API key', { exact: true }).fill(state().wordfence.apiKey);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(card.getByText('connected', { exact: true })).toBeVisible();

  // The feed's import and the sites' snapshots run in the background: wait for a site with findings
  // and one whose plugin list is not reported.
  const list = await getJson<{ data: { id: number; domain: string }[] }>(
    page,
    '/api/websites?pageSize=100&sort=domain',
  );
  let exposed: { id: number; security: WebsiteSecurity } | undefined;
  let unchecked: { id: number; security: WebsiteSecurity } | undefined;
  await expect(async () => {
    for (const w of list.data) {
      const security = await getJson<WebsiteSecurity>(page, `/api/websites/${w.id}/security`);
      if (!exposed && security.checked && security.findings.length > 0) exposed = { id: w.id, security };
      if (!unchecked && !security.checked && /schema 1/.test(security.reason ?? ''))
        unchecked = { id: w.id, security };
      if (exposed && unchecked) break;
    }
    expect(exposed, 'a site running a plugin the fake feed marks vulnerable').toBeDefined();
    expect(unchecked, 'a site whose HD Snapshot plugin is still schema 1').toBeDefined();
  }).toPass({ timeout: 90_000, intervals: [2_000, 3_000, 5_000] });

  await page.goto(`/websites/internal/${exposed!.id}`);
  const box = page.getByTestId('website-security');
  await expect(box.getByRole('heading', { name: 'Known vulnerabilities' })).toBeVisible();
  const first = exposed!.security.findings[0]!;
  const link = box.getByRole('link', {
    name: new RegExp(first.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  });
  await expect(link.first()).toHaveAttribute('href', first.reference);
  await expect(box.getByText(/Wordfence Intelligence data from/)).toBeVisible();
  await expect(
    page.getByTestId('website-software').getByRole('heading', { name: 'Plugins & themes' }),
  ).toBeVisible();
  expect(await scan(page, 'website page with findings')).toEqual([]);

  await page.goto(`/websites/internal/${unchecked!.id}`);
  await expect(
    page
      .getByTestId('website-security')
      .getByText(/^Not checked: Its HD Snapshot plugin does not report the plugin list/),
  ).toBeVisible();
  // The Websites list names each site's worst open finding and links to its security card; a site
  // whose plugins are not known reads "Not checked", with the reason in its title.
  const domainOf = (id: number) => list.data.find((w) => w.id === id)!.domain;
  const pillOf = (id: number) =>
    page.locator(`tr[data-website-id="${id}"] [data-column="security"]`).getByRole('link');
  await page.goto(`/websites?q=${encodeURIComponent(domainOf(unchecked!.id))}`);
  await expect(pillOf(unchecked!.id)).toHaveText('Not checked');
  await expect(pillOf(unchecked!.id)).toHaveAttribute('title', /schema 1/);
  const worst = exposed!.security.findings.find((f) => !f.dismissed)!;
  await page.goto(`/websites?q=${encodeURIComponent(domainOf(exposed!.id))}`);
  await expect(pillOf(exposed!.id)).toHaveText(
    new RegExp(`^${SEVERITY_LABELS[worst.severity]} · \\d+ open$`),
  );
  await pillOf(exposed!.id).click();
  await expect(page).toHaveURL(new RegExp(`/websites/internal/${exposed!.id}#security$`));
  await expect(page.getByTestId('website-security')).toBeInViewport();
});

test('the Security page: the fleet summed up, a finding opened to its sites, one dismissed with a reason and reopened', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await sitesWithPlugins(page);
  const list = await getJson<{ provider: string; configured: boolean }[]>(page, '/api/integrations');
  if (!list.some((i) => i.provider === 'wordfence' && i.configured)) {
    const res = await page.request.post('/api/integrations/wordfence', {
      data: { apiKey: state().wordfence.apiKey },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  // Wait for the feed and the sites' plugin lists to be read in the background.
  await expect(async () => {
    const findings = await getJson<{ total: number }>(page, '/api/security/findings?q=woocommerce');
    expect(findings.total).toBeGreaterThan(0);
  }).toPass({ timeout: 90_000, intervals: [2_000, 3_000, 5_000] });

  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByText('Sites checked')).toBeVisible();
  await expect(
    page.getByText(/sites? not checked: their vulnerabilities are unknown, not absent/),
  ).toBeVisible();
  await expect(page.getByTestId('feed-age')).toContainText('Wordfence Intelligence data from');

  // Search narrows the table; the address keeps it.
  await page.getByRole('searchbox', { name: 'Search findings' }).fill('woocommerce');
  await expect(page).toHaveURL(/q=woocommerce/);
  const toggle = page.getByRole('button', { name: /^Show the \d+ sites? affected by WooCommerce/ });
  await expect(toggle).toHaveCount(1);
  await toggle.click();
  const sites = page.getByRole('list', { name: /^Sites affected by WooCommerce/ });
  const first = sites.getByRole('listitem').first();
  const siteName = (await first.getByRole('link').textContent())!;
  expect(await scan(page, 'security page with a finding open')).toEqual([]);

  // Dismiss on one site: a reason is required, then it leaves the open findings.
  await first.getByRole('button', { name: `Dismiss on ${siteName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss finding' });
  await dialog.getByRole('button', { name: 'Dismiss finding' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Checkout is off on this site');
  await dialog.getByRole('button', { name: 'Dismiss finding' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(new RegExp(`^Dismissed on ${siteName.replace(/\./g, '\\.')} until`)),
  ).toBeVisible();
  await expect(sites.getByRole('link', { name: siteName, exact: true })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Dismissed', exact: true }).click();
  await expect(page).toHaveURL(/status=dismissed/);
  // The finding opened stays open as the status changes: now with its one dismissed site.
  await expect(page.getByRole('button', { name: /^Hide the 1 site affected by WooCommerce/ })).toBeVisible();
  const dismissed = page.getByRole('list', { name: /^Sites affected by WooCommerce/ });
  await expect(dismissed.getByText(/Dismissed until .*: Checkout is off on this site/)).toBeVisible();
  await dismissed.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByText('Finding reopened', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No findings match' })).toBeVisible();
});
