import type { Page } from '@playwright/test';
import {
  BACKUP_STATE_LABELS,
  type BackupPage,
  type BackupSummary,
  type WebsiteBackups,
} from '../../src/shared/backups';
import { scan } from './support/axe';
import { expect, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { connectProviders, websitesReady } from './support/providers';

const getJson = async <T>(page: Page, url: string) => {
  const res = await page.request.get(url);
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
};

test('the Backups page: the fleet by its newest backup, filtered by state, and a website’s backups on its page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInByApi(page);
  await connectProviders(page);
  await websitesReady(page);
  // GridPane's backups are read in the background, a few sites a minute: wait for some of each kind.
  let summary: BackupSummary | undefined;
  await expect(async () => {
    summary = await getJson<BackupSummary>(page, '/api/backups/summary');
    expect(summary.recent).toBeGreaterThan(0);
  }).toPass({ timeout: 180_000, intervals: [2_000, 5_000] });

  await page.goto('/backups');
  const main = page.locator('main');
  await expect(main.getByRole('heading', { name: 'Websites', exact: true })).toBeVisible();
  const recent = main.getByRole('button', { name: new RegExp(`^${BACKUP_STATE_LABELS.recent}`) });
  await expect(recent).toBeVisible();
  await recent.click();
  await expect(recent).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/state=recent/);
  const rows = main.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // Every row the filter shows is one the API calls recent.
  const listed = await getJson<BackupPage>(page, '/api/backups?state=recent&pageSize=50');
  await expect(rows).toHaveCount(listed.data.length);
  await expect(rows.first().getByText(BACKUP_STATE_LABELS.recent)).toBeVisible();
  expect(await scan(page, '/backups?state=recent')).toEqual([]);

  // The website page lists its backups, newest first.
  const first = listed.data[0]!;
  await rows.first().getByRole('link', { name: first.domain }).click();
  await expect(page).toHaveURL(new RegExp(`/websites/internal/${first.websiteId}$`));
  const card = page.getByTestId('website-backups');
  await expect(card.getByRole('heading', { name: 'Backups' })).toBeVisible();
  const detail = await getJson<WebsiteBackups>(page, `/api/websites/${first.websiteId}/backups`);
  const list = card.getByRole('list', { name: 'Backups, newest first' });
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(detail.backups.length, 8));
  await expect(card.getByText(BACKUP_STATE_LABELS.recent)).toBeVisible();

  // Back up now: the dialog asks where and a tag; the card follows the backup until GridPane lists it.
  await card.getByRole('button', { name: 'Back up now' }).click();
  const dialog = page.getByRole('dialog', { name: `Back up ${first.domain}` });
  await dialog.getByLabel('Tag').fill('e2e-now');
  await dialog.getByRole('button', { name: 'Back up now' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/^Backup asked for .*: done\./)).toBeVisible({ timeout: 60_000 });
  await expect(list.getByRole('listitem').first()).toContainText('e2e-now');
  // Restoring is an Admin's, with two-factor sign-in: the Owner without it is told so, nothing changes.
  await list
    .getByRole('button', { name: /^Restore/ })
    .first()
    .click();
  const restore = page.getByRole('dialog', { name: `Restore ${first.domain}?` });
  await expect(restore.getByRole('button', { name: 'Restore this backup' })).toBeDisabled();
  await restore.getByLabel(`Type ${first.domain} to confirm`).fill(first.domain);
  await restore.getByRole('button', { name: 'Restore this backup' }).click();
  await expect(
    page.getByText('This action needs two-factor sign-in', { exact: false }).first(),
  ).toBeVisible();
  await restore.getByRole('button', { name: 'Cancel' }).click();
  await expect(restore).toBeHidden();

  // Its own threshold: a week for this site, then back to the default.
  await card.getByRole('button', { name: "Change when this site's backup is too old" }).click();
  const threshold = page.getByRole('dialog', { name: `When ${first.domain}'s backup is too old` });
  const hours = threshold.getByLabel('Too old after (hours)');
  await hours.fill('0');
  await threshold.getByRole('button', { name: 'Save' }).click();
  await expect(threshold.getByRole('alert')).toContainText('whole number of hours from 1 to 720');
  await hours.fill('168');
  await threshold.getByRole('button', { name: 'Save' }).click();
  await expect(threshold).toBeHidden();
  await expect(card.getByText('168 h')).toBeVisible();
  await card.getByRole('button', { name: "Change when this site's backup is too old" }).click();
  await threshold.getByRole('button', { name: /Use the default/ }).click();
  await expect(threshold).toBeHidden();
  await expect(card.getByText('(default)')).toBeVisible();
});
