import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, turnOnTwoFactor } from '../../../test/support/app';
import { oddSpellings, type RawResponse, rawRequest, spellingOf } from '../../../test/support/spellings';
import { type Role, roleAtLeast, roleRefusal } from '../../shared/auth';
import type { RouteEntry } from './access';
import { trackRoutes } from './access';
import { looksLikeApi } from './web-app';

// The only routes anyone may call without a session.
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
  'GET /api/invitations/lookup',
  'POST /api/invitations/accept',
  'GET /assets/*',
]);

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const pathOf = (route: RouteEntry) => route.url.replace(/:(\w+)/g, '1').replace('*', 'x');
const bodyOf = (route: RouteEntry) => (unsafe.has(route.method) ? '{}' : undefined);
const codeOf = (res: RawResponse) => {
  try {
    return (JSON.parse(res.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

let t: TestApp;
let port: number;
let cookie: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: { cookie },
    payload: { name: 'walker', expiresInDays: null },
  });
  token = created.json().token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Sends many requests a few at a time (the machine has two cores; thousands at once only queue). */
async function inBatches<T, R>(items: T[], send: (item: T) => Promise<R>, size = 16): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(send))));
  return out;
}

/**
 * Every route, canonical and spelled oddly, asked the same way: each odd spelling must meet the same
 * refusal as the canonical path (same status and code) or find no route at all (JSON 404), never
 * reach the route without its guard.
 */
async function walk(
  routes: RouteEntry[],
  headers: (route: RouteEntry) => Record<string, string>,
  expected: (route: RouteEntry, canonical: RawResponse) => void,
): Promise<number> {
  let sent = 0;
  for (const route of routes) {
    const path = pathOf(route);
    const canonical = await rawRequest(port, route.method, path, headers(route), bodyOf(route));
    expected(route, canonical);
    const spellings = oddSpellings(path);
    expect(spellings.length, path).toBeGreaterThanOrEqual(8);
    const answers = await inBatches(spellings, (spelled) =>
      rawRequest(port, route.method, spelled, headers(route), bodyOf(route)),
    );
    answers.forEach((res, i) => {
      const where = `${route.method} ${spellings[i]} (canonical ${path}: ${canonical.status} ${codeOf(canonical)})`;
      if (res.status === 404) expect(codeOf(res), where).toBe('not_found');
      else {
        expect(res.status, where).toBe(canonical.status);
        expect(codeOf(res), where).toBe(codeOf(canonical));
      }
      if (route.url.startsWith('/api')) expect(res.headers['cache-control'], where).toBe('no-store');
    });
    sent += spellings.length + 1;
  }
  return sent;
}

describe('every route declares its access', () => {
  it('marks exactly the allowlist as public', () => {
    const publicRoutes = t.app.routeTable
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`);
    for (const route of publicRoutes)
      expect(allowlist, `${route} is public but not on the allowlist`).toContain(route);
    expect(t.app.routeTable.length).toBeGreaterThan(80);
  });

  it('refuses to start when a route declares no access', async () => {
    const app = Fastify();
    trackRoutes(app);
    app.get('/api/forgotten', async () => 'secret');
    await expect(app.ready()).rejects.toThrow('Route GET /api/forgotten declares no access');
  });
});

describe('every route declares the role it needs', () => {
  it('refuses to start when a guarded route declares no role', async () => {
    const app = Fastify();
    trackRoutes(app);
    app.get('/api/unroled', { config: { access: 'session' } }, async () => 'secret');
    await expect(app.ready()).rejects.toThrow('Route GET /api/unroled declares no role');
  });

  it('gives each role exactly its routes, through its session and its API token', async () => {
    // Calls that would end the caller's own sessions or account are left out of the allowed half.
    const selfEnding = new Set([
      'POST /api/auth/logout',
      'POST /api/auth/logout-all',
      'POST /api/auth/change-password',
      'PATCH /api/auth/profile',
      'DELETE /api/auth/sessions/:id',
      'DELETE /api/tokens/:id',
      'DELETE /api/users/:id',
    ]);
    const people = {} as Record<Role, { cookie: string; token: string }>;
    for (const role of ['viewer', 'staff', 'admin'] as const) {
      const person = {
        username: `${role}-walker`,
        email: `${role}@walk.example`,
        password: `${role} password`,
        role,
      };
      const session = await t.signIn(person);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { cookie: session },
        payload: { name: `${role} walker`, expiresInDays: null },
      });
      expect(made.statusCode).toBe(201);
      people[role] = { cookie: session, token: made.json().token };
    }
    const guarded = t.app.routeTable.filter((r) => r.access !== 'public' && r.url.startsWith('/api/'));
    const table: string[] = [];
    for (const role of ['viewer', 'staff', 'admin'] as const) {
      for (const route of guarded) {
        const key = `${route.method} ${route.url}`;
        const allowed = roleAtLeast(role, route.role!);
        if (allowed && selfEnding.has(key)) continue;
        const via: Record<string, string>[] = [{ cookie: people[role].cookie }];
        if (route.access === 'session-or-token') via.push({ authorization: `Bearer ${people[role].token}` });
        for (const headers of via) {
          const res = await rawRequest(port, route.method, pathOf(route), headers, bodyOf(route));
          const refused = res.status === 403 && res.body.includes('This needs the');
          table.push(`${role} ${key}: ${res.status}`);
          expect(refused, `${role} ${key} via ${Object.keys(headers)[0]}: ${res.status} ${res.body}`).toBe(
            !allowed,
          );
          if (!allowed) expect(JSON.parse(res.body).message).toBe(roleRefusal(route.role!, role));
        }
      }
    }
    // Each role meets refusals and answers: the table really separates them.
    for (const role of ['viewer', 'staff'] as const)
      expect(table.filter((l) => l.startsWith(`${role} `) && l.endsWith(': 403')).length).toBeGreaterThan(5);
    expect(guarded.filter((r) => r.role === 'viewer').length).toBeGreaterThan(30);
  }, 60_000); // walks every route, several spellings each
});

/**
 * The two columns every guarded route declares, asserted for every route: whether a personal API token
 * may call it, and whether a person with two-factor sign-in must have proved it within minutes. Every
 * route that grants or changes access (the account, the team and its invitations, roles and client
 * limits, tokens, the security settings, integrations and their switches, alert channels) refuses
 * tokens; its changes also ask for a fresh second factor, as a restore does.
 */
const REFUSES_TOKENS = [
  'GET /api/invitations',
  'POST /api/invitations',
  'DELETE /api/invitations/:id',
  'POST /api/invitations/:id/resend',
  'POST /api/users',
  'PATCH /api/users/:id',
  'DELETE /api/users/:id',
  'POST /api/tokens',
  'DELETE /api/tokens/:id',
  'PUT /api/settings/security',
  'POST /api/integrations/gridpane',
  'POST /api/integrations/kinsta',
  'POST /api/integrations/betteruptime',
  'POST /api/integrations/hdsnapshot',
  'POST /api/integrations/wordfence',
  'PATCH /api/integrations/:provider',
  'POST /api/alerts/channels',
  'PUT /api/alerts/channels/:id',
  'DELETE /api/alerts/channels/:id',
];
const FRESH_SECOND_FACTOR = [
  ...REFUSES_TOKENS.filter((route) => route !== 'GET /api/invitations'),
  'POST /api/websites/:id/backups/restore',
];
/** Where a change grants or changes access: any such write refuses tokens and asks for a fresh code. */
const GRANTS_ACCESS =
  /^\/api\/(users|invitations|tokens|settings\/security|integrations|alerts\/channels)(\/|$)/;

describe('every route declares whether a token may call it and whether it needs a fresh second factor', () => {
  const key = (r: RouteEntry) => `${r.method} ${r.url}`;

  it('refuses to start when a guarded route does not declare a fresh second factor', async () => {
    const app = Fastify();
    trackRoutes(app);
    app.post('/api/undecided', { config: { access: 'session', role: 'admin' } }, async () => 'x');
    await expect(app.ready()).rejects.toThrow(
      'Route POST /api/undecided does not declare whether it needs a fresh second factor',
    );
  });

  it('has the two columns the security review expects, for every route', () => {
    const guarded = t.app.routeTable.filter((r) => r.access !== 'public');
    const outsideAuth = guarded.filter((r) => !r.url.startsWith('/api/auth/'));
    expect(
      outsideAuth
        .filter((r) => !r.tokenAllowed)
        .map(key)
        .sort(),
    ).toEqual([...REFUSES_TOKENS].sort());
    expect(
      guarded
        .filter((r) => r.freshTwoFactor)
        .map(key)
        .sort(),
    ).toEqual([...FRESH_SECOND_FACTOR].sort());
    // Every account route refuses tokens; no public route is marked either way.
    for (const route of guarded.filter((r) => r.url.startsWith('/api/auth/')))
      expect(route.tokenAllowed, key(route)).toBe(false);
    // A new write where access is granted or changed cannot be added with a token or without the code.
    for (const route of guarded.filter((r) => r.method !== 'GET' && GRANTS_ACCESS.test(r.url))) {
      if (route.url === '/api/alerts/channels/:id/test') continue; // sends a test message, changes nothing
      expect(route.tokenAllowed, key(route)).toBe(false);
      expect(route.freshTwoFactor, key(route)).toBe(true);
    }
  });

  it('answers as declared: a token is refused saying what it cannot do, a stale second factor is asked again', async () => {
    // An Owner with two-factor sign-in whose last code is older than the fresh window.
    const ownerWalker = {
      username: 'owner-walker',
      email: 'owner@walk.example',
      password: 'owner password',
      role: 'owner' as const,
    };
    const session = await t.signIn(ownerWalker);
    await turnOnTwoFactor(t, session);
    t.clock.advance(11 * 60_000);
    // Changes that would end the caller's own access, or that act on the database for real, are left
    // out of the half that passes the guard; the refusals are asked of every route.
    const selfEnding = new Set([
      'POST /api/auth/logout-all',
      'POST /api/auth/change-password',
      'PATCH /api/auth/profile',
    ]);
    const guarded = t.app.routeTable.filter((r) => r.access !== 'public' && r.url.startsWith('/api/'));
    const columns: string[] = [];
    for (const route of guarded) {
      const viaToken = await rawRequest(
        port,
        route.method,
        pathOf(route),
        { authorization: `Bearer ${token}` },
        bodyOf(route),
      );
      const tokenRefused = viaToken.status === 401 && codeOf(viaToken) === 'token_not_allowed';
      const accountRefused = viaToken.status === 403 && route.url.startsWith('/api/auth/');
      expect(
        tokenRefused || accountRefused,
        `${key(route)} via a token: ${viaToken.status} ${viaToken.body}`,
      ).toBe(!route.tokenAllowed);
      if (tokenRefused) expect(JSON.parse(viaToken.body).message).toMatch(/^Personal API tokens cannot /);
      if (!route.freshTwoFactor && selfEnding.has(key(route))) continue;
      const viaStale = await rawRequest(
        port,
        route.method,
        pathOf(route),
        { cookie: session },
        bodyOf(route),
      );
      expect(
        codeOf(viaStale) === 'fresh_two_factor_required',
        `${key(route)}: ${viaStale.status} ${viaStale.body}`,
      ).toBe(route.freshTwoFactor);
      columns.push(
        `${key(route)} | token ${route.tokenAllowed ? 'yes' : 'no'} | fresh ${route.freshTwoFactor ? 'yes' : 'no'}`,
      );
    }
    expect(columns.length).toBeGreaterThan(100);
  }, 120_000); // two requests per route
});

describe('access is decided by the matched route, however the path is spelled', () => {
  it('answers 401 to anonymous callers on every guarded route and every spelling of it', async () => {
    const guarded = t.app.routeTable.filter((r) => r.access !== 'public');
    const sent = await walk(
      guarded,
      () => ({}),
      (route, res) => {
        expect(res.status, `${route.method} ${route.url}`).toBe(401);
        expect(codeOf(res)).toBe('unauthorized');
      },
    );
    expect(sent).toBeGreaterThan(guarded.length * 9);
  }, 60_000); // walks every route, several spellings each

  it('refuses cross-site browsers on every state-changing route and every spelling of it', async () => {
    const writes = t.app.routeTable.filter((r) => unsafe.has(r.method) && r.url.startsWith('/api/'));
    await walk(
      writes,
      () => ({ cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
      (route, res) => {
        expect(res.status, `${route.method} ${route.url}`).toBe(403);
        expect(res.body).toMatch(/Cross-site requests are not allowed/);
      },
    );
  }, 60_000); // walks every route, several spellings each

  it('refuses API tokens on account, team and token routes, however they are spelled', async () => {
    const sessionRoutes = t.app.routeTable.filter(
      (r) => r.access === 'session' || (r.access === 'public' && r.url.startsWith('/api/auth/')),
    );
    expect(sessionRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['PATCH /api/auth/profile', 'POST /api/users', 'POST /api/tokens']),
    );
    await walk(
      sessionRoutes,
      () => ({ authorization: `Bearer ${token}` }),
      (route, res) => {
        expect([401, 403], `${route.method} ${route.url}`).toContain(res.status);
        expect(['forbidden', 'token_not_allowed']).toContain(codeOf(res));
      },
    );
  });

  it('holds for generated spellings too (property test)', async () => {
    const guarded = t.app.routeTable.filter((r) => r.access !== 'public' && r.url.startsWith('/api/'));
    const canonical = new Map<string, RawResponse>();
    let reached = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...guarded).chain((route) => fc.tuple(fc.constant(route), spellingOf(pathOf(route)))),
        async ([route, spelled]) => {
          const key = `${route.method} ${route.url}`;
          if (!canonical.has(key)) {
            canonical.set(key, await rawRequest(port, route.method, pathOf(route), {}, bodyOf(route)));
          }
          runs++;
          const res = await rawRequest(port, route.method, spelled, {}, bodyOf(route));
          const expected = canonical.get(key)!;
          if (res.status === 404) {
            expect(codeOf(res)).toBe('not_found');
            return;
          }
          expect(res.status, `${route.method} ${spelled}`).toBe(expected.status);
          expect(codeOf(res), `${route.method} ${spelled}`).toBe(codeOf(expected));
          reached++;
        },
      ),
      { numRuns: 300 },
    );
    // Many generated spellings still name their route: the property really meets the guard.
    expect(reached / runs).toBeGreaterThan(0.1);
  });

  it('answers percent-encoded paths to guarded routes with 401 and no data', async () => {
    for (const [method, path] of [
      ['GET', '/%61pi/users'],
      ['GET', '/ap%69/integrations'],
      ['POST', '/%61pi/users'],
      ['POST', '/%61pi/alerts/channels'],
      ['POST', '/%61pi/maintenance'],
      ['PATCH', '/%61pi/integrations/gridpane'],
      ['GET', '/%61pi/openapi.json'],
    ] as const) {
      const res = await rawRequest(port, method, path, {}, method === 'GET' ? undefined : '{}');
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const users = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
    // No user was created by the anonymous POST (the role walkers are the only others).
    expect(users.json().filter((u: { username: string }) => !u.username.endsWith('-walker'))).toHaveLength(1);
    const profile = await rawRequest(
      port,
      'PATCH',
      '/api/%61uth/profile',
      { authorization: `Bearer ${token}` },
      JSON.stringify({ username: 'alice', email: 'attacker@evil.example' }),
    );
    expect(profile.status).toBe(403);
  });
});

describe('looksLikeApi', () => {
  it('recognises every spelling of an API path, and nothing else', () => {
    for (const spelled of ['/api', '/api/x', ...oddSpellings('/api/users/1')]) {
      expect(looksLikeApi(spelled), spelled).toBe(true);
    }
    for (const other of ['/', '/clients', '/apix/users', '/x/api', '/assets/api.js', '/api-docs']) {
      expect(looksLikeApi(other), other).toBe(false);
    }
  });
});
