import type { Page } from '@playwright/test';
import type { UpdateRun } from '../../src/shared/updates';
import type { WebsiteDetail } from '../../src/shared/websites';
import { scan } from './support/axe';
import { expect, state, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { connectProviders, websitesReady } from './support/providers';

const getJson = async <T>(page: Page, url: string) => {
  const res = await page.request.get(url);
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
};

/**
 * The fleet synced and its plugin lists read from HD Snapshot. This spec changes sites (their plugins,
 * their monitors' incidents ended by the update's maintenance windows): its file name sorts it after
 * the specs that read the shared fleet as it was.
 */
async function fleetReadyToUpdate(page: Page) {
  await signInByApi(page);
  await connectProviders(page);
  await websitesReady(page);
  const { token, urlTemplate } = state().wordpress;
  const integrations = await getJson<{ provider: string; configured: boolean }[]>(page, '/api/integrations');
  if (!integrations.some((i) => i.provider === 'hdsnapshot' && i.configured)) {
    const res = await page.request.post('/api/integrations/hdsnapshot', {
      data: { globalToken: token, urlTemplate },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const list = await getJson<{ data: { id: number; domain: string }[] }>(
    page,
    '/api/websites?pageSize=100&sort=domain',
  );
  // Plugin lists come from the background sweep: wait for them.
  const details = new Map<number, WebsiteDetail>();
  await expect(async () => {
    for (const w of list.data) {
      if (details.get(w.id)?.software.checked) continue;
      details.set(w.id, await getJson<WebsiteDetail>(page, `/api/websites/${w.id}`));
    }
    expect([...details.values()].filter((d) => d.software.checked).length).toBeGreaterThan(10);
  }).toPass({ timeout: 90_000, intervals: [2_000, 3_000, 5_000] });
  return [...details.values()].filter((d) => d.software.checked && !d.removed);
}

test('safe updates: allowed on Integrations, one site updated from its page, then a plugin on five sites with a canary', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const sites = await fleetReadyToUpdate(page);

  // Updates are off until an Admin allows them for the host.
  await page.goto('/integrations');
  const card = page.getByTestId('integration-gridpane');
  const allow = card.getByRole('switch', { name: 'Allow updates from Agency Hub' });
  await expect(allow).not.toBeChecked();
  await allow.click();
  await expect(allow).toBeChecked();

  // A plugin with an update waiting on at least six sites: one updated from its page, five in a run.
  const bySlug = new Map<string, WebsiteDetail[]>();
  for (const d of sites)
    for (const p of d.software.plugins)
      if (p.updateVersion) bySlug.set(p.slug, [...(bySlug.get(p.slug) ?? []), d]);
  const [slug, running] = [...bySlug].sort((a, b) => b[1].length - a[1].length)[0]!;
  expect(running.length).toBeGreaterThanOrEqual(6);
  const first = running[0]!;
  const plugin = first.software.plugins.find((p) => p.slug === slug)!;
  // Each of the six watched by a check of its home page (what an update's health is judged by);
  // removed at the end, so the specs after this one find the fleet as it was.
  const checkIds: number[] = [];
  for (const d of running.slice(0, 6)) {
    const res = await page.request.post('/api/checks', {
      data: { url: state().wordpress.homeUrlTemplate.replace('{domain}', d.domain), websiteId: d.id },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    checkIds.push(((await res.json()) as { id: number }).id);
  }

  await page.goto(`/websites/internal/${first.id}`);
  const software = page.getByTestId('website-software');
  await software.getByRole('button', { name: /^Update \d+ items?$/ }).click();
  const dialog = page.getByRole('dialog', { name: `Update ${first.domain}` });
  // Only the chosen plugin.
  for (const box of await dialog.getByRole('checkbox').all()) {
    const label = await box.evaluate(
      (el) => document.querySelector(`label[for="${el.id}"]`)?.textContent ?? '',
    );
    if (!label.includes(plugin.name) && (await box.isChecked()) && !label.includes('backup'))
      await box.click();
  }
  // The plan first: the site with its plugin installed → target, then started now.
  await dialog.getByRole('button', { name: 'Review plan' }).click();
  const toUpdate = dialog.getByRole('list', { name: 'Sites to update' });
  await expect(toUpdate.getByText(first.domain)).toBeVisible();
  await expect(toUpdate.getByText(`${plugin.version} → ${plugin.updateVersion}`)).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Now' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Start update' }).click();
  await expect(page).toHaveURL(/\/updates\/\d+$/);
  const runPage = page.getByRole('main');
  await expect(runPage.getByText(/1 of 1 site updated/)).toBeVisible({ timeout: 90_000 });
  await expect(runPage.getByText(`${plugin.version} → ${plugin.updateVersion}`).first()).toBeVisible();

  // Five more sites with a canary: the first alone, then the others; the run page follows them live.
  const five = running.slice(1, 6);
  const created = await page.request.post('/api/updates/runs', {
    data: { items: [{ type: 'plugin', slug }], websiteIds: five.map((d) => d.id), canary: true },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/updates/${id}`);
  await expect(runPage.getByText(/5 of 5 sites updated/)).toBeVisible({ timeout: 120_000 });
  const run = await getJson<UpdateRun>(page, `/api/updates/runs/${id}`);
  expect(run.sites.map((s) => s.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
  // The canary finished before any other site started.
  const canaryEnd = run.sites[0]!.steps.at(-1)!.at;
  for (const s of run.sites.slice(1)) expect(s.steps[0]!.at >= canaryEnd).toBe(true);
  expect(await scan(page, 'update run page')).toEqual([]);

  // The list of runs shows both, newest first.
  await page.goto('/updates');
  await expect(page.getByRole('link', { name: new RegExp(slug) }).first()).toBeVisible();
  expect(await scan(page, 'updates list')).toEqual([]);

  for (const id of checkIds) expect((await page.request.delete(`/api/checks/${id}`)).ok()).toBeTruthy();
});
