import type { Page } from '@playwright/test';
import type { WebsiteSecurity } from '../../src/shared/security';
import { scan } from './support/axe';
import { admin, expect, signIn, state, test } from './support/fixtures';
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

test('a Wordfence key saved on Integrations: a website page lists its known vulnerabilities, or says why it is not checked', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, admin);
  await connectProviders(page);
  await websitesReady(page);
  await connectSnapshots(page);

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
});
