import { admin, expect, newUser, signIn, state, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { connectProviders, waitForFigures } from './support/providers';

test('dashboard figures match the fleet; site cards and quick actions navigate', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page);
  await connectProviders(page);
  await waitForFigures(page);
  const monitors = (await (await page.request.get('/api/monitors')).json()) as {
    data: { attributes: { status: string } }[];
  };
  // Online counts websites by their health, as the Websites list filters them.
  const up = (
    (await (await page.request.get('/api/websites?pageSize=1&health=up')).json()) as { total: number }
  ).total;

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Agency Management Hub' })).toBeVisible();
  const sites = page.getByTestId('metric-total-sites');
  await expect(sites.getByTestId('metric-value')).toHaveText(String(state().gridpane.sites.length));
  const online = page.getByTestId('metric-online');
  await expect(online.getByTestId('metric-value')).toHaveText(String(up));
  await expect(online).toContainText(`of ${monitors.data.length} monitors`);
  await expect(page.getByTestId('metric-avg-response').getByTestId('metric-value')).toHaveText(/^[\d,]+ ms$/);
  await expect(page.getByTestId('metric-uptime').getByTestId('metric-value')).toHaveText(/^\d{1,3}\.\d{2}%$/);

  // Website status: at most 4 cards; Manage opens the site's page, visit opens the site itself.
  const cards = page.getByTestId('site-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(4);
  const first = cards.first();
  const domain = (await first.locator('p').first().textContent()) ?? '';
  await expect(first.getByRole('link', { name: `Visit ${domain}` })).toHaveAttribute(
    'href',
    new RegExp(`^https://${domain.replace(/\./g, '\\.')}`),
  );
  await expect(first.getByRole('link', { name: `Visit ${domain}` })).toHaveAttribute('target', '_blank');
  await first.getByRole('link', { name: /^Manage / }).click();
  await expect(page).toHaveURL(/\/websites\/(internal\/)?\d+$/);

  // Quick actions and the metric links really navigate.
  for (const [name, path] of [
    ['Server Management', '/servers'],
    ['View Analytics', '/fleet'],
  ] as const) {
    await page.goto('/');
    await page.getByRole('list', { name: 'Quick actions' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  // Sites are not added by hand: Add New Site says they come from the GridPane sync and leads on.
  await page.goto('/');
  await page
    .getByRole('list', { name: 'Quick actions' })
    .getByRole('button', { name: /Add New Site/ })
    .click();
  const addSite = page.getByRole('dialog', { name: 'Add New Site' });
  await expect(addSite.getByText(/connect GridPane or Kinsta on the Integrations page/)).toBeVisible();
  await addSite.getByRole('link', { name: 'Go to Integrations' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(addSite).toBeHidden();
  await page.goto('/');
  await page.getByTestId('metric-online').getByRole('link').click();
  await expect(page).toHaveURL(/\/uptime$/);
});

test('global search finds a client from the server; arrows and Enter open it', async ({ page }) => {
  await signIn(page, admin);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Quillfeather ${id}`;
  const res = await page.request.post('/api/clients', { data: { name } });
  expect(res.ok(), await res.text()).toBeTruthy();

  // The shell (and its Ctrl+K listener) loads after sign-in.
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('Search websites, servers, pages...');
  await expect(input).toBeFocused();
  await input.fill(`feather ${id}`.toUpperCase());
  const option = page.getByRole('option', { name: new RegExp(name) });
  await expect(option).toBeVisible();
  await expect(option).toContainText('Client');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  // The result opens the client's own page.
  const client = (await res.json()) as { id: number };
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();
  await expect(input).toBeHidden();
});

test('the bell shows unread notifications and Mark all as read clears the badge', async ({ page }) => {
  const user = await newUser(page, 'bell');
  const forgot = await page.request.post('/api/auth/forgot-password', { data: { email: user.email } });
  const { token } = (await forgot.json()) as { token?: string };
  expect(token, 'development mode returns the reset token').toBeTruthy();
  user.password = `${user.password} 2`;
  const reset = await page.request.post('/api/auth/reset-password', {
    data: { token, newPassword: user.password },
  });
  expect(reset.ok(), await reset.text()).toBeTruthy();

  await signIn(page, user);
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await expect(bell).toHaveText(/^[1-9]\d*|99\+$/);
  await bell.click();
  await expect(page.getByText('Your password was reset')).toBeVisible();
  // When, in words and on a clock ("Just now · 22:18"), never an ISO timestamp.
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.locator('time').first()).toHaveText(/^(Just now|\d+ min ago) · \d{2}:\d{2}$/);
  await expect(list).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toHaveText('');
});
