import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

// The only routes anyone may call without a session (quality bar S1).
const allowlist = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/auth/me',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/auth/setup',
  'POST /api/auth/setup',
  'GET /assets/*',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('unauthenticated surface (S1)', () => {
  it('marks exactly the allowlist as public', () => {
    const publicRoutes = t.app.routeTable.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    for (const route of publicRoutes)
      expect(allowlist, `${route} is public but not on the allowlist`).toContain(route);
  });

  it('answers 401 without a session on every other route, including routes added later', async () => {
    const guarded = t.app.routeTable.filter((r) => !r.public);
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, '1').replace('*', 'x');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });
});
