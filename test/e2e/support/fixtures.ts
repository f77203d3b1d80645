import fs from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import type { Role } from '../../../src/shared/auth';
import { type E2EStacks, type E2EState, statePath } from './global-setup';

/** Every stack the global setup started (the first-run spec sets each one up). */
export const allStacks = (): E2EState[] =>
  (JSON.parse(fs.readFileSync(statePath, 'utf8')) as E2EStacks).stacks;

/** This worker's stack: its app and its fake providers (Playwright numbers its workers 0 … n-1). */
export const state = (): E2EState => {
  const stacks = allStacks();
  return stacks[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % stacks.length]!;
};

/** The first account, made by first-run.spec.ts through the setup page. */
export const admin = { username: 'owner', email: 'owner@agency.test', password: 'owner password 1' };

export const test = base.extend({
  // The server's port is chosen at start-up, after the config was read.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies.
  baseURL: async ({}, use) => use(state().baseURL),
});
export { expect };

export async function signIn(
  page: Page,
  user: { username: string; password: string },
  opts: { rememberMe?: boolean } = {},
) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  if (opts.rememberMe) await page.getByLabel('Remember me for 30 days').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Signs out through the account menu, as a person does, and lands on /login. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

let counter = 0;
/** A fresh team member (Staff unless another role is given) made through the API as the Owner, so specs don't share passwords. */
export async function newUser(page: Page, prefix = 'user', role: Role = 'staff', clientIds?: number[]) {
  const n = `${prefix}${Date.now().toString(36)}${counter++}`;
  const user = { username: n, email: `${n}@agency.test`, password: `${n} secret`, role, clientIds };
  const ctx = page.context().request;
  const login = await ctx.post('/api/auth/login', {
    data: { username: admin.username, password: admin.password },
  });
  expect(login.ok()).toBeTruthy();
  const res = await ctx.post('/api/users', { data: user });
  expect(res.ok(), await res.text()).toBeTruthy();
  await ctx.post('/api/auth/logout');
  return user;
}
