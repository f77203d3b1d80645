import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { pdfText } from '../support/pdf-text';
import { admin, expect, signIn, test } from './support/fixtures';

test('open a client report from the Clients page, pick a period, download the PDF and CSV, schedule it', async ({
  page,
}) => {
  const id = Date.now().toString(36);
  const name = `Report Client ${id}`;
  await signIn(page, admin);
  const created = await page.request.post('/api/clients', {
    data: { name, email: `office.${id}@client.test` },
  });
  expect(created.ok()).toBeTruthy();
  const clientId = (await created.json()).id as number;

  await page.goto('/clients');
  await page
    .getByRole('article', { name })
    .getByRole('link', { name: `Report for ${name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/report$`));
  await expect(page.getByRole('heading', { name: `Website report: ${name}` })).toBeVisible();

  // The default is last month; a bad period says what is wrong, a good one shows.
  const periodForm = page.getByRole('form', { name: 'Period' });
  const from = periodForm.getByLabel('From', { exact: true });
  const to = periodForm.getByLabel('To', { exact: true });
  await expect(from).not.toHaveValue('');
  await from.fill('2026-03-10');
  await to.fill('2026-03-01');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByText('from must be on or before to')).toBeVisible();
  await to.fill('2026-03-31');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByText('2026-03-10 to 2026-03-31')).toBeVisible();
  await expect(page.getByText('No websites yet')).toBeVisible();

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`report-client-${id}-report-2026-03-10-to-2026-03-31.pdf`);
  const text = await pdfText(fs.readFileSync((await pdf.path())!));
  expect(text).toContain(`Website report: ${name}`);
  expect(text).toContain('Period: 2026-03-10 to 2026-03-31');
  expect(text).toContain('Tasks completed (0)');

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  expect(fs.readFileSync((await csv.path())!, 'utf8')).toContain(
    'Client,From,To,Time zone,Domain,Uptime (%)',
  );

  // Monthly by email.
  const schedule = page.getByRole('region', { name: 'Monthly report by email' });
  await schedule.getByRole('switch').click();
  await schedule.getByLabel('Day of the month').selectOption('3');
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Monthly report scheduled', { exact: true })).toBeVisible();
  const saved = await page.request.get(`/api/clients/${clientId}/report-schedule`);
  expect(await saved.json()).toMatchObject({
    dayOfMonth: 3,
    enabled: true,
    sendsTo: `office.${id}@client.test`,
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the report page has no serious axe violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('agency-hub-theme', t), theme);
    await signIn(page, admin);
    const created = await page.request.post('/api/clients', { data: { name: `Axe ${theme} ${Date.now()}` } });
    await page.goto(`/clients/${(await created.json()).id}/report`);
    await expect(page.getByRole('heading', { name: /Website report/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Monthly report by email' })).toBeVisible();
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
