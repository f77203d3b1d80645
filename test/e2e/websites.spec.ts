import { admin, expect, signIn, state, test } from './support/fixtures';
import { connectProviders } from './support/providers';

type Option = { id: string; label: string; count: number };

/**
 * Issue 13: the Websites page pages through the server's list; server and tag filters and the search
 * query the server; the view lives in the address, so a reload and Back bring it back.
 */
test('page through websites, filter by server and tag, search; reload and Back keep the view', async ({
  page,
}) => {
  const gp = state().gridpane;
  const total = gp.sites.length;
  await signIn(page, admin);
  await connectProviders(page);
  await expect(async () => {
    const res = await page.request.get('/api/sites?pageSize=1');
    expect(res.ok()).toBeTruthy();
    expect((await res.json()).total).toBe(total);
  }).toPass({ timeout: 30_000 });

  // A tag on exactly one website, to filter by.
  const tagName = `Fleet ${Date.now().toString(36)}`;
  const tag = await (await page.request.post('/api/tags', { data: { name: tagName } })).json();
  const tagged = (await (await page.request.get(`/api/sites?q=${encodeURIComponent(gp.sites[3]!)}`)).json())
    .data[0] as { website_id: number; url: string };
  expect(
    (await page.request.post(`/api/websites/${tagged.website_id}/tags`, { data: { tagId: tag.id } })).ok(),
  ).toBe(true);

  // Pages of ten.
  await page.goto('/websites?pageSize=10');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(page.getByText(new RegExp(`^${total} of ${total} sites( \\(cached\\))?$`))).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(page.getByText(`Page 1 of ${Math.ceil(total / 10)}`)).toBeVisible();
  const firstPage = await rows.getByRole('rowheader').allInnerTexts();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByText(`Page 2 of ${Math.ceil(total / 10)}`)).toBeVisible();
  await expect(rows).toHaveCount(10);
  const secondPage = await rows.getByRole('rowheader').allInnerTexts();
  expect(secondPage.some((u) => firstPage.includes(u))).toBe(false);

  // Filter by server: the option's count is the new total, every row is on that server.
  const options = (await (await page.request.get('/api/sites/options')).json()) as { servers: Option[] };
  const server = options.servers[0]!;
  await page.getByRole('combobox', { name: 'Server filter' }).click();
  await page.getByRole('option', { name: new RegExp(`^${server.label}`) }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]server=${server.id}(&|$)`));
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByText(new RegExp(`^${server.count} of ${total} sites`))).toBeVisible();
  const serverCells = await rows.locator('td:nth-child(6)').allInnerTexts();
  expect(serverCells.length).toBe(Math.min(10, server.count));
  for (const cell of serverCells) expect(cell).toBe(server.label);

  // Back returns to page 2 without the filter; forward again.
  await page.goBack();
  await expect(page.getByText(`Page 2 of ${Math.ceil(total / 10)}`)).toBeVisible();
  await expect(page.getByText(new RegExp(`^${total} of ${total} sites`))).toBeVisible();
  await page.goForward();
  await expect(page.getByText(new RegExp(`^${server.count} of ${total} sites`))).toBeVisible();

  // Filter by tag instead of server.
  await page.getByRole('combobox', { name: 'Server filter' }).click();
  await page.getByRole('option', { name: 'All servers' }).click();
  await page.getByRole('combobox', { name: 'Tag filter' }).click();
  await page.getByRole('option', { name: new RegExp(`^${tagName}`) }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]tag=${tag.id}(&|$)`));
  await expect(page.getByText(new RegExp(`^1 of ${total} sites`))).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.getByText(tagged.url, { exact: true })).toBeVisible();
  await expect(rows.getByText(tagName)).toBeVisible();

  // Search (debounced) on the whole list.
  await page.goto('/websites?pageSize=10');
  const needle = gp.sites[7]!;
  await page.getByLabel('Search sites').fill(needle);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(needle).replace(/\./g, '\\.')}`));
  const matching = gp.sites.filter((s) => s.includes(needle)).length;
  await expect(page.getByText(new RegExp(`^${matching} of ${total} sites`))).toBeVisible();
  await expect(rows.getByText(needle, { exact: true })).toBeVisible();

  // A reload brings the same view back: the box, the count, the rows.
  await page.reload();
  await expect(page.getByLabel('Search sites')).toHaveValue(needle);
  await expect(page.getByText(new RegExp(`^${matching} of ${total} sites`))).toBeVisible();
  await expect(rows).toHaveCount(matching);

  // Clearing the search (spec's text) shows everything again.
  await page.getByLabel('Search sites').fill('no-such-site-anywhere');
  await expect(page.getByText('No sites match "no-such-site-anywhere"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(page.getByText(new RegExp(`^${total} of ${total} sites`))).toBeVisible();
  await expect(page.getByLabel('Search sites')).toHaveValue('');
});
