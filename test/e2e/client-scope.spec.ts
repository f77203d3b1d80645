import { expect, newUser, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { dashboardWebsiteOfNewClient } from './support/providers';

// A freelancer given one client sees that client's website and nothing else, wherever websites show.
test('a Staff member limited to one client sees only its websites in Websites, search and the dashboard', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInByApi(page);
  const { websiteId, client } = await dashboardWebsiteOfNewClient(page, 'Scoped');
  const website = (await (await page.request.get(`/api/websites/${websiteId}`)).json()) as { domain: string };
  // Another website, of no client of theirs, to look for.
  const others = (await (await page.request.get('/api/websites?pageSize=5')).json()) as {
    data: { id: number; domain: string }[];
  };
  const other = others.data.find((w) => w.id !== websiteId)!;
  // newUser signs the admin out (it shares this page's cookies), so the next sign-in is the freelancer's.
  const freelancer = await newUser(page, 'freelancer', 'staff', [client.id]);
  await signInByApi(page, freelancer);

  await page.goto('/websites');
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2); // the header and their one website
  await expect(table).toContainText(website.domain);
  await expect(page.getByText('1 of 1 website')).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.getByPlaceholder('Search websites, servers, pages...').fill(other.domain);
  await expect(page.getByText(`No results found for "${other.domain}"`)).toBeVisible();
  await page.getByPlaceholder('Search websites, servers, pages...').fill(website.domain);
  await expect(page.getByRole('option', { name: new RegExp(website.domain) }).first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/');
  const cards = page.getByRole('list', { name: 'Website status' });
  await expect(cards).toContainText(website.domain);
  await expect(cards).not.toContainText(other.domain);

  await page.goto(`/websites/internal/${other.id}`);
  await expect(page.getByText('Website not found')).toBeVisible();

  await page.goto('/clients');
  await expect(page.getByText(client.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Client' })).toBeDisabled();
  await expect(page.getByText('You work on chosen clients only: an Admin adds clients')).toBeAttached();
});
