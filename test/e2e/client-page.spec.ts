import { expect, state, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { connectProviders } from './support/providers';

/** A site url no other url contains, so a search for it finds exactly one website. */
function uniqueSite(skip = 0): string {
  const { sites } = state().gridpane;
  const unique = sites.filter(
    (s) => !s.startsWith('staging.') && sites.filter((o) => o.includes(s)).length === 1,
  );
  if (!unique[skip]) throw new Error('no site with a unique url in the fake fleet');
  return unique[skip].replace(/^www\./, '');
}

test('open a client, give it a website, see it on its page, find the client by search, remove the website', async ({
  page,
}) => {
  const id = Date.now().toString(36);
  const name = `Dental Co ${id}`;
  await signInByApi(page);
  await connectProviders(page);
  await expect(async () => {
    const websites = (await (await page.request.get('/api/websites')).json()) as unknown[];
    expect(websites.length).toBeGreaterThan(0);
  }).toPass({ timeout: 60_000 });
  const created = await page.request.post('/api/clients', { data: { name, email: `hello@${id}.test` } });
  const client = (await created.json()) as { id: number };
  const domain = uniqueSite(3);

  // From the Clients page, the name leads to the client's page.
  await page.goto('/clients');
  await page.getByRole('article', { name }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();
  await expect(page.getByText(`hello@${id}.test`)).toBeVisible();
  await expect(page.getByText(`No websites yet. Add the websites that belong to ${name}.`)).toBeVisible();
  await expect(page.getByText('No open tasks for this client.')).toBeVisible();

  // Its open tasks: the first eight in the board's order, the rest counted, completed ones left out.
  for (let i = 0; i < 10; i++) {
    const task = { title: `Task ${i} of ${id}`, status: i === 0 ? 'completed' : 'todo', clientId: client.id };
    expect((await page.request.post('/api/tasks', { data: task })).status()).toBe(201);
  }
  await page.reload();
  const openTasks = page.getByRole('list', { name: 'Open tasks' });
  await expect(openTasks.getByRole('listitem').filter({ hasText: `of ${id}` })).toHaveCount(8);
  await expect(openTasks.getByText(`Task 0 of ${id}`)).toBeHidden();
  await expect(openTasks.getByText('and 1 more', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'All tasks' }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks\\?client=${client.id}$`));
  await page.goBack();

  // Pick a website by searching the fleet.
  await page.getByRole('button', { name: 'Add websites' }).click();
  const dialog = page.getByRole('dialog', { name: `Add websites to ${name}` });
  await expect(dialog.getByRole('button', { name: 'Add websites' })).toBeDisabled();
  await dialog.getByLabel('Search websites').fill(domain);
  await dialog.getByLabel(domain, { exact: true }).check();
  await dialog.getByRole('button', { name: 'Add 1 website' }).click();
  await expect(page.getByText(`1 website added to ${name}`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: `Websites of ${name}` });
  const row = table.getByRole('row').filter({ hasText: domain });
  await expect(row).toBeVisible();
  await expect(row.getByText(/Better Uptime|Our check|Not monitored/)).toBeVisible();

  // The website's own page names its client.
  await row.getByRole('link', { name: domain }).click();
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveText(name);
  await page.goBack();

  // Global search finds the client and opens its page.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.getByPlaceholder('Search websites, servers, pages...').fill(name);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));

  // Removing asks first and keeps the website.
  await table.getByRole('button', { name: `Remove ${domain} from this client` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${domain} removed from ${name}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`No websites yet. Add the websites that belong to ${name}.`)).toBeVisible();
  const website = (await (await page.request.get(`/api/websites/options?q=${domain}`)).json()) as {
    data: { domain: string; client: unknown }[];
  };
  expect(website.data.find((w) => w.domain === domain)?.client).toBeNull();
});

test('the fleet view counts versions, lists the sites behind a count, and keeps the view in the address', async ({
  page,
}) => {
  await signInByApi(page);
  await connectProviders(page);
  await page.goto('/fleet');
  await expect(page.getByText('PHP versions', { exact: true })).toBeVisible();
  // The references were read from the fakes of wordpress.org and endoflife.date soon after start.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('wordpress-reference')).toHaveText(
      /^Latest WordPress 6\.9\.1 — wordpress\.org, read (just now|\d+ min ago)$/,
      { timeout: 1000 },
    );
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
  await expect(page.getByTestId('php-reference')).toHaveText(/^End-of-life dates — endoflife\.date, read /);
  await expect(page.getByTestId('references-warning')).toHaveCount(0);
  const counts = (await (await page.request.get('/api/fleet')).json()) as {
    php: { version: string; sites: number }[];
  };
  const { version, sites: count } = counts.php[0]!;
  const first = page.getByRole('button', { name: new RegExp(`^PHP ${version.replace('.', '\\.')}`) });
  await expect(first).toContainText(`${count} site`);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/fleet\\?php=${version.replace('.', '\\.')}$`));
  const list = page.getByRole('table', { name: `Sites on PHP ${version}` });
  await expect(list.getByRole('row')).toHaveCount(Math.min(count, 25) + 1);
  await page.reload();
  await expect(page.getByRole('table', { name: `Sites on PHP ${version}` })).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`^PHP ${version.replace('.', '\\.')}`) }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Coverage', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sites without a client' })).toBeVisible();
});

test('select websites in the list and assign them to a client in one go', async ({ page }) => {
  const id = Date.now().toString(36);
  const name = `Bakery ${id}`;
  await signInByApi(page);
  await connectProviders(page);
  const created = await page.request.post('/api/clients', { data: { name } });
  const client = (await created.json()) as { id: number };
  const domain = uniqueSite(5);

  await page.goto(`/websites?q=${encodeURIComponent(domain)}`);
  await page
    .getByRole('checkbox', { name: `Select ${domain}` })
    .or(page.getByRole('checkbox', { name: `Select www.${domain}` }))
    .check();
  const bar = page.getByRole('region', { name: 'Selected websites' });
  await expect(bar.getByText('1 website selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Assign to client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign to client' });
  await dialog.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(`1 website assigned to ${name}`, { exact: true })).toBeVisible();
  await expect(bar).toBeHidden();

  await page.goto(`/clients/${client.id}`);
  await expect(
    page.getByRole('table', { name: `Websites of ${name}` }).getByRole('link', { name: domain }),
  ).toBeVisible();
});
