import { asc, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGridPane } from '../../../test/fakes/gridpane';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { REDACTED } from '../../shared/audit';
import { openDatabase } from '../db/client';
import { auditLog } from '../db/schema';
import { appendAudit } from './chain';
import { deriveAudit } from './hook';
import { auditRetentionJob } from './retention';
import { auditBatches } from './service';

let t: TestApp;
let cookie: string;
let token: string;
let ownerId: number;
let gridpane: Awaited<ReturnType<typeof startFakeGridPane>>;
const secret = 'sekrit-value-42';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = { cookie }) =>
  t.app.inject({
    method,
    url,
    headers: { 'user-agent': 'audit-test', ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const bearer = () => ({ authorization: `Bearer ${token}` });
const rows = () => t.db.select().from(auditLog).orderBy(asc(auditLog.id));
const lastId = async () => (await rows()).at(-1)?.id ?? 0;

/** Runs `send`, expects it to succeed and to have written exactly one entry; answers that entry. */
async function oneEntry(send: () => Promise<LightMyRequestResponse>) {
  const before = await lastId();
  const res = await send();
  expect(res.statusCode, res.body).toBeLessThan(300);
  const added = (await rows()).filter((r) => r.id > before);
  expect(added, res.body).toHaveLength(1);
  return { res, entry: added[0]! };
}

beforeAll(async () => {
  gridpane = await startFakeGridPane({ sites: 1, servers: 1, seed: 1, token: secret });
  t = await createTestApp();
  cookie = await t.signIn();
  ownerId = (await call('GET', '/api/auth/me')).json().id;
  const created = await call('POST', '/api/tokens', { name: 'deploy', expiresInDays: null });
  token = created.json().token;
});
afterAll(async () => {
  await t.close();
  await gridpane.close();
});

describe('the audit hook', () => {
  it('writes one entry per change, by the person in the browser or by their token, with its target', async () => {
    const client = await oneEntry(() => call('POST', '/api/clients', { name: 'Acme Ltd' }));
    const clientId = client.res.json().id as number;
    expect(client.entry).toMatchObject({
      actorType: 'user',
      actorId: ownerId,
      actorName: 'alice',
      action: 'clients.create',
      targetType: 'clients',
      targetId: String(clientId),
      tokenId: null,
      changes: { name: { after: 'Acme Ltd' } },
      userAgent: 'audit-test',
      ip: '127.0.0.1',
    });
    expect(client.entry.requestId).toBeTruthy();

    const byToken = await oneEntry(() =>
      call('PUT', `/api/clients/${clientId}`, { name: 'Acme Inc' }, bearer()),
    );
    expect(byToken.entry).toMatchObject({
      actorType: 'token',
      actorId: ownerId,
      actorName: 'alice',
      tokenId: expect.any(Number),
      tokenName: 'deploy',
      action: 'clients.update',
      targetType: 'clients',
      targetId: String(clientId),
      // The fields that changed, with their values before and after.
      changes: { name: { before: 'Acme Ltd', after: 'Acme Inc' } },
    });

    const tag = await oneEntry(() => call('POST', '/api/tags', { name: 'vip' }, bearer()));
    const tagId = tag.res.json().id as number;
    expect(tag.entry).toMatchObject({ action: 'tags.create', targetType: 'tags', targetId: String(tagId) });
    expect((await oneEntry(() => call('PUT', `/api/tags/${tagId}`, { name: 'VIP' }))).entry).toMatchObject({
      action: 'tags.update',
      targetId: String(tagId),
    });
    expect(
      (await oneEntry(() => call('POST', `/api/clients/${clientId}/tags`, { tagId }, bearer()))).entry,
    ).toMatchObject({ action: 'clients.tags.create', targetType: 'clients', targetId: String(clientId) });
    expect(
      (await oneEntry(() => call('DELETE', `/api/clients/${clientId}/tags/${tagId}`))).entry,
    ).toMatchObject({
      action: 'clients.tags.delete',
      targetType: 'clients',
      targetId: String(clientId),
      changes: { tagId: { after: String(tagId) } },
    });

    const task = await oneEntry(() => call('POST', '/api/tasks', { title: 'Update plugins' }, bearer()));
    const taskId = task.res.json().id as number;
    expect(task.entry).toMatchObject({
      actorType: 'token',
      action: 'tasks.create',
      targetId: String(taskId),
    });
    expect(
      (await oneEntry(() => call('PUT', `/api/tasks/${taskId}`, { title: 'Update themes' }))).entry,
    ).toMatchObject({ action: 'tasks.update', targetType: 'tasks', targetId: String(taskId) });
    expect((await oneEntry(() => call('DELETE', `/api/tasks/${taskId}`))).entry).toMatchObject({
      action: 'tasks.delete',
      targetId: String(taskId),
      // What the deletion took away.
      changes: { title: { before: 'Update themes' } },
    });

    const staff = await oneEntry(() =>
      call('POST', '/api/users', { username: 'sam', email: 'sam@example.com', password: 'staff password 1' }),
    );
    const samId = staff.res.json().id as number;
    expect(
      (await oneEntry(() => call('PATCH', `/api/users/${samId}`, { role: 'viewer' }))).entry,
    ).toMatchObject({
      actorType: 'user',
      action: 'users.update',
      targetType: 'users',
      targetId: String(samId),
      changes: { role: { before: 'staff', after: 'viewer' } },
    });

    const other = await oneEntry(() => call('POST', '/api/tokens', { name: 'ci', expiresInDays: 30 }));
    const otherId = other.res.json().id as number;
    expect(other.entry).toMatchObject({ action: 'tokens.create', targetId: String(otherId) });
    expect((await oneEntry(() => call('DELETE', `/api/tokens/${otherId}`))).entry).toMatchObject({
      action: 'tokens.delete',
      targetType: 'tokens',
      targetId: String(otherId),
    });

    expect((await oneEntry(() => call('DELETE', `/api/clients/${clientId}`))).entry).toMatchObject({
      action: 'clients.delete',
      targetType: 'clients',
      targetId: String(clientId),
    });
  });

  it('writes nothing for reads, refusals, failures and requests without a signed-in person', async () => {
    const before = await lastId();
    await call('GET', '/api/clients');
    expect((await call('POST', '/api/clients', {})).statusCode).toBe(400);
    expect((await call('PUT', '/api/clients/999999', { name: 'Nobody' })).statusCode).toBe(404);
    expect((await call('POST', '/api/clients', { name: 'Anon' }, {})).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/forgot-password', { email: 'x@example.com' }, {})).statusCode).toBe(
      200,
    );
    expect(await lastId()).toBe(before);
  });

  it('commits a change with its entry or not at all: when the entry cannot be written the change is undone', async () => {
    const clients = async () => (await call('GET', '/api/clients?pageSize=100')).json().total as number;
    const count = await clients();
    await t.db.execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      const res = await call('POST', '/api/clients', { name: 'Never kept' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
    expect(await clients()).toBe(count);
    // With the log back, the same change is kept with its entry.
    const before = await lastId();
    expect((await call('POST', '/api/clients', { name: 'Kept' })).statusCode).toBe(201);
    expect(await lastId()).toBeGreaterThan(before);
    expect(await clients()).toBe(count + 1);
  });

  it('writes a successful sign-in as the person it signed in, its password redacted, and not a failed one', async () => {
    const login = (password: string) => call('POST', '/api/auth/login', { username: 'alice', password }, {});
    const before = await lastId();
    expect((await login('wrong horse')).statusCode).toBe(401);
    expect(await lastId()).toBe(before);
    const { entry } = await oneEntry(() => login('correct horse'));
    expect(entry).toMatchObject({
      actorType: 'user',
      actorId: ownerId,
      actorName: 'alice',
      action: 'auth.login',
      targetType: 'users',
      targetId: String(ownerId),
      changes: { username: { after: 'alice' }, password: { after: REDACTED } },
    });
  });

  it('gives every mutating route a readable action and a target type', () => {
    const mutating = t.app.routeTable.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(mutating.length).toBeGreaterThan(40);
    const actions = new Map<string, string>();
    for (const route of mutating) {
      const params = Object.fromEntries(
        [...route.url.matchAll(/:(\w+)/g)].map(([, name]) => [name!, name === 'provider' ? 'gridpane' : '7']),
      );
      const responses = Object.keys((route.schema?.response ?? {}) as Record<string, unknown>);
      const derived = deriveAudit(route.method, route.url, params, responses.includes('201'));
      const where = `${route.method} ${route.url}`;
      expect(derived.action, where).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$|^[a-z0-9-]+\.[a-z]+$/);
      expect(derived.action, where).not.toContain(':');
      expect(derived.targetType, where).toMatch(/^[a-z0-9.-]+$/);
      if (route.url.includes(':id')) expect(derived.targetParam, where).toBe('id');
      // Two routes never read as the same action, unless one overrides it to say so.
      const seen = actions.get(derived.action);
      expect(seen, `${where} and ${seen} both read ${derived.action}`).toBeUndefined();
      actions.set(derived.action, where);
    }
  });
});

describe('the route table', () => {
  it('on every mutating route, writes exactly one entry when the change succeeds and none otherwise', async () => {
    // Its own app: the walk deletes, revokes and signs out whatever id 1 is.
    const w = await createTestApp();
    const walker = await w.signIn();
    const entries = () => w.db.select().from(auditLog).orderBy(asc(auditLog.id));
    // Signing out and revoking sessions end the session the walk uses: those routes go last.
    const endsSession = (url: string) => Number(/logout|sessions/.test(url));
    const routes = w.app.routeTable
      .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
      .sort((a, b) => endsSession(a.url) - endsSession(b.url));
    let succeeded = 0;
    for (const route of routes) {
      const url = route.url.replace(':provider', 'gridpane').replace(/:\w+/g, '1');
      // Once the walk has ended its own session (sign-out, revoking session 1) it goes on anonymously.
      const me = await w.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: walker } });
      const signedIn = me.statusCode === 200;
      const before = (await entries()).at(-1)?.id ?? 0;
      const res = await w.app.inject({
        method: route.method as Method,
        url,
        payload: {},
        headers: { cookie: walker },
      });
      const written = (await entries()).filter((r) => r.id > before);
      // A route that changes data answers through its transaction; it never fails on its own.
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(500);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const signsIn = route.url === '/api/auth/login';
      expect(written.length, `${route.method} ${route.url} → ${res.statusCode}`).toBe(
        ok && signedIn && !signsIn ? 1 : 0,
      );
      if (ok) succeeded += 1;
    }
    expect(succeeded).toBeGreaterThan(3);
    await w.close();
  });
});

describe('secrets', () => {
  it('never reach the audit log, at any depth, whichever route sent them', async () => {
    const saved = await oneEntry(() =>
      call('POST', '/api/integrations/gridpane', { accessToken: secret, baseUrl: gridpane.url }),
    );
    expect(saved.entry).toMatchObject({
      action: 'integrations.gridpane.update',
      targetType: 'integrations.gridpane',
      changes: { accessToken: { after: REDACTED }, baseUrl: { after: gridpane.url } },
    });
    expect(
      (await oneEntry(() => call('PATCH', '/api/integrations/gridpane', { enabled: false }))).entry,
    ).toMatchObject({
      actorType: 'user',
      action: 'integrations.gridpane.update',
      targetType: 'integrations.gridpane',
      changes: { enabled: { before: true, after: false } },
    });
    const user = await oneEntry(() =>
      call('POST', '/api/users', { username: 'pat', email: 'pat@example.com', password: `${secret} long` }),
    );
    expect(user.entry.changes).toMatchObject({
      username: { after: 'pat' },
      password: { after: REDACTED },
      passwordHash: { after: REDACTED },
    });
    const hook = `https://hooks.slack.com/services/T0/B0/${secret}`;
    const channel = await oneEntry(() =>
      call('POST', '/api/alerts/channels', { kind: 'slack', name: 'Ops', url: hook }),
    );
    expect(channel.entry.changes).toMatchObject({ name: { after: 'Ops' }, url: { after: REDACTED } });
    const stored = await t.db.execute(sql`select audit_log::text as row from audit_log`);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(t.logs.join('\n')).not.toContain(secret);
  });
});

describe('GET /api/audit/verify', () => {
  it('answers intact, then names the first entry altered in the database', async () => {
    const intact = (await call('GET', '/api/audit/verify')).json();
    const count = (await rows()).length;
    expect(intact).toEqual({
      ok: true,
      checked: count,
      firstBrokenId: null,
      findings: [],
      findingsOmitted: 0,
    });
    const all = await rows();
    const victim = all[Math.floor(all.length / 2)]!;
    await t.db.execute(sql`update audit_log set changes = '{"name":"Forged"}' where id = ${victim.id}`);
    const broken = (await call('GET', '/api/audit/verify')).json();
    expect(broken).toMatchObject({
      ok: false,
      checked: count,
      firstBrokenId: victim.id,
      findings: [{ kind: 'edited', entryId: victim.id }],
    });
    // Restoring the row restores the chain; removing one breaks the link of the next.
    await t.db.execute(
      sql`update audit_log set changes = ${JSON.stringify(victim.changes)}::jsonb where id = ${victim.id}`,
    );
    expect((await call('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
    await t.db.execute(sql`delete from audit_log where id = ${victim.id}`);
    const next = all[all.indexOf(victim) + 1]!;
    expect((await call('GET', '/api/audit/verify')).json()).toMatchObject({
      ok: false,
      firstBrokenId: next.id,
      findings: [{ kind: 'removed', entryId: next.id }],
    });
    await t.db.execute(sql`delete from audit_log`);
  });

  it('keeps one chain when many entries are appended at once, from two instances on PostgreSQL', async () => {
    const entry = (n: number) => ({
      at: t.clock.now(),
      actorType: 'user' as const,
      actorId: ownerId,
      actorName: 'alice',
      tokenId: null,
      tokenName: null,
      action: 'test.append',
      targetType: 'test',
      targetId: String(n),
      changes: { n },
      ip: null,
      userAgent: null,
      requestId: null,
    });
    // On PostgreSQL a second instance appends through its own connections; PGlite is one process's.
    const engine = t.database.engine;
    const other =
      engine.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: engine.url, max: 4 }, { migrate: false })
        : undefined;
    const writers = [t.services.db, other?.db ?? t.services.db];
    try {
      await Promise.all(
        Array.from({ length: 24 }, (_, n) =>
          appendAudit({ db: writers[n % 2]!, box: t.services.box }, entry(n)),
        ),
      );
    } finally {
      await other?.close();
    }
    expect((await call('GET', '/api/audit/verify')).json()).toEqual({
      ok: true,
      checked: 24,
      firstBrokenId: null,
      findings: [],
      findingsOmitted: 0,
    });
    await t.db.execute(sql`delete from audit_log`);
  });
});

describe('who may read the audit log', () => {
  it('refuses Staff and Viewers, on the list, the check and the export', async () => {
    for (const role of ['staff', 'viewer'] as const) {
      const them = await t.signIn({
        username: `${role}1`,
        email: `${role}1@example.com`,
        password: 'correct horse',
        role,
      });
      for (const url of ['/api/audit', '/api/audit/verify', '/api/audit/export.csv'])
        expect((await call('GET', url, undefined, { cookie: them })).statusCode, `${role} ${url}`).toBe(403);
    }
  });
});

describe('GET /api/audit and its CSV', () => {
  it('pages and filters by person, action, target and period, and exports the same rows', async () => {
    await t.db.execute(sql`delete from audit_log`);
    const a = (await call('POST', '/api/clients', { name: 'Alpha' })).json().id as number;
    await call('POST', '/api/clients', { name: '=cmd|evil' }, bearer());
    await call('PUT', `/api/clients/${a}`, { name: 'Alpha 2' });
    const all = (await call('GET', '/api/audit')).json();
    expect(all).toMatchObject({ total: 3, overall: 3, page: 1, pageSize: 50 });
    expect(all.data[0]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor: { type: 'user', id: ownerId, name: 'alice', token: null },
      action: 'clients.update',
      targetType: 'clients',
      targetId: String(a),
      changes: { name: { before: 'Alpha', after: 'Alpha 2' } },
      ip: '127.0.0.1',
      userAgent: 'audit-test',
      requestId: expect.any(String),
    });
    const page2 = (await call('GET', '/api/audit?pageSize=2&page=2')).json();
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0].changes).toMatchObject({ name: { after: 'Alpha' } });
    expect(all.data[1].actor).toEqual({
      type: 'token',
      id: ownerId,
      name: 'alice',
      token: { id: expect.any(Number), name: 'deploy' },
    });

    const filtered = (
      await call('GET', `/api/audit?targetType=clients&targetId=${a}&action=clients.update`)
    ).json();
    expect(filtered.total).toBe(1);
    expect((await call('GET', `/api/audit?actorId=${ownerId}`)).json().total).toBe(3);
    expect((await call('GET', '/api/audit?actorId=999')).json().total).toBe(0);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await call('GET', `/api/audit?from=${today}&to=${today}`)).json().total).toBe(3);
    expect((await call('GET', '/api/audit?to=2001-01-01')).json().total).toBe(0);
    expect((await call('GET', '/api/audit?from=2026-02-30')).statusCode).toBe(400);
    expect((await call('GET', `/api/audit?from=${today}&to=2001-01-01`)).statusCode).toBe(400);
    expect((await call('GET', '/api/audit?nope=1')).statusCode).toBe(400);

    const csv = await call('GET', '/api/audit/export.csv?action=clients.create', undefined, bearer());
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor type,actor id,actor,token,action,target type,target id,changes,ip,user agent,request id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',token,');
    expect(lines[1]).toContain(',alice,deploy,clients.create,');
    // A cell a spreadsheet would run stays text.
    expect(lines[1]).toContain(`""name"":{""after"":""=cmd|evil""}`);
    expect(lines[1]).toMatch(/,"\{/);
    expect(lines[2]).toContain('""name"":{""after"":""Alpha""}');

    // The export reads the log a batch at a time, newest first, each entry once.
    const batches: number[][] = [];
    for await (const batch of auditBatches(t.services, {}, 2)) batches.push(batch.map((e) => e.id));
    const ids = all.data.map((e: { id: number }) => e.id);
    expect(batches).toEqual([ids.slice(0, 2), ids.slice(2)]);
  });
});

describe('retention', () => {
  it('deletes entries older than AUDIT_RETENTION_DAYS daily, and the chain checks from the oldest kept', async () => {
    await t.db.execute(sql`delete from audit_log`);
    await call('POST', '/api/tags', { name: 'old-1' });
    await call('POST', '/api/tags', { name: 'old-2' });
    t.clock.advance(401 * 86_400_000);
    const kept = (await call('POST', '/api/tags', { name: 'new' }, bearer())).json().id as number;
    expect(t.services.config.auditRetentionDays).toBe(400);
    const job = auditRetentionJob(t.services);
    expect(job.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    await job.run({}, {} as never);
    const left = await rows();
    expect(left.map((r) => r.targetId)).toEqual([String(kept)]);
    expect((await call('GET', '/api/audit/verify', undefined, bearer())).json()).toEqual({
      ok: true,
      checked: 1,
      firstBrokenId: null,
      findings: [],
      findingsOmitted: 0,
    });
  });
});
