import fs from 'node:fs';
import { formatCalendarDay } from '../../src/shared/time';
import { pdfText } from '../support/pdf-text';
import { scanInBothThemes } from './support/axe';
import { expect, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { connectProviders } from './support/providers';

test('open a client report from the Clients page, pick a period, download the PDF and CSV, schedule it', async ({
  page,
}) => {
  const id = Date.now().toString(36);
  const name = `Report Client ${id}`;
  await signInByApi(page);
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
  // No company: the contact's name is the title.
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();

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
  await expect(page.getByText('10 Mar 2026 to 31 Mar 2026')).toBeVisible();
  await expect(page.getByText('No websites yet')).toBeVisible();

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`report-client-${id}-report-2026-03-10-to-2026-03-31.pdf`);
  const text = await pdfText(fs.readFileSync((await pdf.path())!));
  expect(text).toContain(`Website report\n${name}`);
  expect(text).toContain('Period: 10 Mar 2026 to 31 Mar 2026');
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

const DAY_MS = 86_400_000;
const periodIn = (url: string) => {
  const q = new URL(url).searchParams;
  return { from: q.get('from') ?? '', to: q.get('to') ?? '' };
};
const daysBetween = (p: { from: string; to: string }) => (Date.parse(p.to) - Date.parse(p.from)) / DAY_MS;

test("the report is titled with the company; quick periods go into the address; Back returns to the client's page", async ({
  page,
}) => {
  const id = Date.now().toString(36);
  const company = `Harbour Dental ${id}`;
  await signInByApi(page);
  const created = await page.request.post('/api/clients', { data: { name: `Jane Roe ${id}`, company } });
  expect(created.ok()).toBeTruthy();
  const clientId = (await created.json()).id as number;

  await page.goto(`/clients/${clientId}`);
  await page.getByRole('link', { name: 'Report', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/report$`));
  await expect(page.getByRole('heading', { level: 2, name: company, exact: true })).toBeVisible();
  await expect(page.getByText(`Contact: Jane Roe ${id}`)).toBeVisible();

  const presets = page.getByRole('group', { name: 'Quick periods' });
  const from = page.getByRole('form', { name: 'Period' }).getByLabel('From', { exact: true });
  await presets.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  const ninety = periodIn(page.url());
  expect(daysBetween(ninety)).toBe(89);
  await expect(presets.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(from).toHaveValue(ninety.from);
  await expect(
    page.getByText(`${formatCalendarDay(ninety.from)} to ${formatCalendarDay(ninety.to)}`),
  ).toBeVisible();

  await presets.getByRole('button', { name: 'This month so far' }).click();
  await expect(page).not.toHaveURL(new RegExp(`from=${ninety.from}`));
  const month = periodIn(page.url());
  expect(month).toEqual({ from: `${ninety.to.slice(0, 8)}01`, to: ninety.to });
  await expect(from).toHaveValue(month.from);

  await presets.getByRole('button', { name: 'Last month' }).click();
  await expect(page).not.toHaveURL(new RegExp(`from=${month.from}`));
  const last = periodIn(page.url());
  // The whole calendar month before this one: it ends the day before this month began.
  expect(last.from.endsWith('-01')).toBe(true);
  expect(Date.parse(last.to) + DAY_MS).toBe(Date.parse(month.from));
  await expect(presets.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');

  // A reload keeps the period: it lives in the address.
  await page.reload();
  await expect(from).toHaveValue(last.from);

  // Back goes to the client's page (where the person came from), across the period changes.
  await page.getByRole('link', { name: `Back to Jane Roe ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}$`));

  // Opened directly, Back still goes to the client's page rather than the Clients list.
  await page.goto(`/clients/${clientId}/report`);
  await expect(page.getByRole('heading', { level: 2, name: company, exact: true })).toBeVisible();
  await page.getByRole('link', { name: `Back to Jane Roe ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}$`));
});

test('the report page has no serious axe violations (light and dark)', async ({ page }) => {
  await signInByApi(page);
  const created = await page.request.post('/api/clients', { data: { name: `Axe ${Date.now()}` } });
  const clientId = (await created.json()).id as number;
  // One of the synced websites no client has yet, so the summary table and a site's section show.
  await connectProviders(page);
  let websiteId = 0;
  await expect(async () => {
    const list = await (await page.request.get('/api/websites?pageSize=100')).json();
    const free = (list.data as { id: number; client: unknown }[]).find((w) => w.client === null);
    expect(free).toBeDefined();
    websiteId = free!.id;
  }).toPass({ timeout: 60_000 });
  const give = (id: number | null) =>
    page.request.put(`/api/websites/${websiteId}/client`, { data: { clientId: id } });
  expect((await give(clientId)).ok()).toBe(true);
  await page.goto(`/clients/${clientId}/report`);
  await expect(page.getByRole('heading', { level: 2, name: /^Axe / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Monthly report by email' })).toBeVisible();
  const findings = await scanInBothThemes(page, 'client report');
  expect((await give(null)).ok()).toBe(true);
  expect(findings).toEqual([]);
});
