import fs from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import type { Role } from '../../../src/shared/auth';
import { type E2EStacks, type E2EState, type OwnStackSpec, statePath } from './global-setup';

const stacksFile = (): E2EStacks => JSON.parse(fs.readFileSync(statePath, 'utf8')) as E2EStacks;

/** Every stack the global setup started, the workers' and the specs' own (the first-run spec sets each one up). */
export const allStacks = (): E2EState[] => {
  const file = stacksFile();
  return [...file.stacks, ...Object.values(file.own)];
};

/** The stack of the spec now running in this worker, when it has one of its own (`runOnOwnStack`). */
let ownStack: E2EState | undefined;

/**
 * This worker's stack: its app and its fake providers (Playwright numbers its workers 0 … n-1), or the
 * running spec's own.
 */
export const state = (): E2EState => {
  if (ownStack) return ownStack;
  const { stacks } = stacksFile();
  return stacks[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % stacks.length]!;
};

/** The calling spec file's tests run against the stack kept for it alone (global-setup's OWN_STACK_SPECS). */
export function runOnOwnStack(spec: OwnStackSpec) {
  test.beforeAll(() => {
    ownStack = stacksFile().own[spec];
  });
  test.afterAll(() => {
    ownStack = undefined;
  });
}

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
