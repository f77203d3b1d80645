import { expect, type Page } from '@playwright/test';
import { admin } from './fixtures';
import { connectProviders, waitForFigures } from './providers';

/** Every page a signed-out visitor can open. */
export const signedOutPages = [
  '/login',
  '/forgot-password',
  '/reset-password?token=e2e-not-a-token',
  '/invitation?token=e2e-not-a-token',
  '/setup',
];

/** The pages that show an empty state before any data exists (run first, they see it). */
export const emptyStatePages = [
  '/',
  '/clients',
  '/tasks',
  '/websites',
  '/servers',
  '/uptime',
  '/security',
  '/backups',
];

/**
 * Signs the page's browser context in through the API (as the first account unless another is given),
 * without drawing the sign-in page and the dashboard: for specs about something else than signing in.
 */
export async function signInByApi(
  page: Page,
  user: { username: string; password: string } = admin,
): Promise<{ id: number }> {
  const login = await page.request.post('/api/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  return (await login.json()) as { id: number };
}

/**
 * Every page of the app, signed in, with real data behind it: providers connected, a client and a
 * task, and the ids of a site, a server and an internal website for the detail pages.
 */
export async function signedInPages(page: Page): Promise<string[]> {
  const me = await signInByApi(page);
  await connectProviders(page);
  await waitForFigures(page);
  const get = async <T>(url: string) => (await (await page.request.get(url)).json()) as T;
  let [client] = await get<{ id: number }[]>('/api/clients');
  if (!client) {
    const res = await page.request.post('/api/clients', { data: { name: 'Grace Hopper', company: 'Navy' } });
    expect(res.ok(), await res.text()).toBeTruthy();
    client = (await res.json()) as { id: number };
  }
  const tasks = await get<unknown[]>('/api/tasks');
  if (tasks.length === 0) {
    const res = await page.request.post('/api/tasks', {
      data: {
        title: 'Renew the SSL certificate',
        priority: 'high',
        assigneeId: me.id,
        clientId: client.id,
        tags: ['ssl'],
        dueDate: new Date().toISOString().slice(0, 10),
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const sites = await get<{ data: { id: number; server_id: number | null; website_id: number | null }[] }>(
    '/api/sites',
  );
  const site = sites.data.find((s) => s.server_id !== null && s.website_id !== null)!;
  return [
    '/',
    '/clients',
    `/clients/${client.id}`,
    '/tasks',
    '/websites',
    '/fleet',
    `/websites/${site.id}`,
    `/websites/internal/${site.website_id}`,
    '/servers',
    `/servers/${site.server_id}`,
    '/uptime',
    '/integrations',
    '/team',
    '/audit',
    '/settings',
    '/style-guide',
    '/analytics',
    '/dns',
    '/backups',
    '/security',
    '/no/such/page',
  ];
}

/** Waits until a page has drawn its data: no network for a moment and no loading spinner left. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  // Radix and Tailwind transitions (fades, slides) have ended: no finite animation is still running
  // (a spinner's endless one never ends, and is not waited for).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}
