import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInByApi } from './support/pages';

/** A site of our own on loopback (the e2e server allows private targets), up or down at will. */
async function startSite() {
  let up = true;
  const server = http.createServer((_req, res) => {
    res.writeHead(up ? 200 : 503, { 'content-type': 'text/html' });
    res.end(up ? '<h1>Welcome to the shop</h1>' : '<h1>Service unavailable</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    setUp: (value: boolean) => {
      up = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The check page refreshes itself every 30 s; reload instead until the status badge says `label`. */
async function waitForStatus(page: Page, label: 'Up' | 'Down') {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('main').getByText(label, { exact: true }).first()).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 75_000, intervals: [2_000, 3_000, 5_000] });
}

test('add a check, see its site go down and come back up, then start a maintenance window', async ({
  page,
}) => {
  // A 30 s check has to fail once and recover once: up to two intervals and a little.
  test.setTimeout(240_000);
  const site = await startSite();
  let checkUrl = '';
  try {
    await signInByApi(page);
    await page.goto('/uptime');
    await page.getByRole('button', { name: 'Add check' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Check' });
    await dialog.getByLabel('URL').fill(site.url);
    await dialog.getByLabel('Name').fill('E2E shop');
    await dialog.getByLabel('Check', { exact: true }).click();
    await page.getByRole('option', { name: 'Every 30 seconds' }).click();
    await dialog.getByLabel('Failures before an incident').fill('1');
    await dialog.getByLabel('Keyword (optional)').fill('Welcome');
    await dialog.getByRole('button', { name: 'Add Check' }).click();

    // Saving opens the check's own page; its first run is due at once.
    await expect(page).toHaveURL(/\/uptime\/checks\/\d+$/);
    checkUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('main').getByRole('heading', { name: 'E2E shop' })).toBeVisible();
    await expect(page.getByRole('main').getByText(/ · every 30 seconds$/)).toBeVisible();
    await waitForStatus(page, 'Up');

    site.setUp(false);
    await waitForStatus(page, 'Down');
    const incidents = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Open' });
    await expect(incidents.first()).toBeVisible();

    site.setUp(true);
    await waitForStatus(page, 'Up');
    await expect(page.getByRole('main').getByText('Resolved', { exact: true }).first()).toBeVisible();

    // The incident is in the Incidents view too, resolved.
    await page.goto('/incidents');
    await expect(page.getByRole('main').getByText('E2E shop').first()).toBeVisible();

    // One click from the check page silences it for an hour.
    await page.goBack();
    await page.getByRole('button', { name: 'Maintenance', exact: true }).click();
    const start = page.getByRole('dialog', { name: 'Start maintenance' });
    await start.getByLabel('Reason (optional)').fill('Plugin updates');
    await start.getByRole('button', { name: 'Start now' }).click();
    await expect(start).toBeHidden();
    await expect(page.getByText('In maintenance', { exact: true })).toBeVisible();
    await expect(page.getByText(/^On until /)).toBeVisible();
    await expect(page.getByText('Plugin updates')).toBeVisible();
  } finally {
    // The other specs count the dashboard's and the Uptime page's figures: leave no check behind.
    if (checkUrl) await page.request.delete(`/api${checkUrl.replace('/uptime', '')}`);
    await site.close();
  }
});
