import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { createTestDatabase } from '../../../test/support/database';
import { REDACTED } from '../../shared/audit';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { canonicalJson, GENESIS_HASH, verifyAudit } from './chain';
import { rekeyLegacyChain } from './rekey';
import { auditRetentionJob } from './retention';

// The audit chain against someone who can change the database but holds neither the key nor the file
// kept outside it: every way of changing the log is found, and named for what it was.

type Row = typeof auditLog.$inferSelect;

/** The old unkeyed rule, as anyone can compute it: SHA-256 over the previous hash and the fields. */
function unkeyed(prevHash: string, row: Omit<Row, 'id' | 'prevHash' | 'hash' | 'hashVersion'>): string {
  const fields = canonicalJson({
    at: row.at.toISOString(),
    actorType: row.actorType,
    actorId: row.actorId,
    actorName: row.actorName,
    ...(row.tokenId === null ? {} : { tokenId: row.tokenId, tokenName: row.tokenName }),
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    changes: row.changes,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
  });
  return createHash('sha256').update(`${prevHash}\n${fields}`).digest('hex');
}

const rowsOf = (db: Db) => db.select().from(auditLog).orderBy(asc(auditLog.id));

/** Hashes the whole log again with the unkeyed rule, each entry linked to the one before: a forged chain. */
async function rechainUnkeyed(db: Db) {
  let prev: string | undefined;
  for (const row of await rowsOf(db)) {
    const prevHash = prev ?? row.prevHash;
    const hash = unkeyed(prevHash, row);
    await db.update(auditLog).set({ prevHash, hash }).where(eq(auditLog.id, row.id));
    prev = hash;
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-audit-'));
const headFile = path.join(dir, 'audit-head.json');
const readHead = () => JSON.parse(fs.readFileSync(headFile, 'utf8')) as { id: number; hash: string };

let t: TestApp;
let cookie: string;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const verify = async () => (await call('GET', '/api/audit/verify')).json();
const rows = () => rowsOf(t.db);

/** A log of `n` entries made through the API (clients created), newest last. */
async function entries(n: number) {
  for (let i = 0; i < n; i++)
    expect((await call('POST', '/api/clients', { name: `Client ${i} ${Date.now()}` })).statusCode).toBe(201);
  return rows();
}

beforeAll(async () => {
  t = await createTestApp({ config: { auditHeadFile: headFile } });
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
// Each test starts from an empty log and no head (the ids go on where they were).
beforeEach(async () => {
  await t.db.execute(sql`delete from audit_log`);
  fs.rmSync(headFile, { force: true });
});

describe('the keyed audit chain', () => {
  it('keys each hash: the unkeyed rule does not make it, and the head is kept outside the database', async () => {
    const log = await entries(3);
    expect(await verify()).toEqual({
      ok: true,
      checked: 3,
      firstBrokenId: null,
      findings: [],
      findingsOmitted: 0,
    });
    for (const row of log) {
      expect(row.hashVersion).toBe(2);
      expect(row.hash).not.toBe(unkeyed(row.prevHash, row));
    }
    expect(log[0]!.prevHash).toBe(GENESIS_HASH);
    expect(readHead()).toMatchObject({ id: log[2]!.id, hash: log[2]!.hash });
    // An instance that did not write the newest entry learns it from a check that finds the log intact.
    fs.rmSync(headFile);
    expect(await verify()).toMatchObject({ ok: true });
    expect(readHead()).toMatchObject({ id: log[2]!.id, hash: log[2]!.hash });
  });

  it('finds an entry edited in the database, and names it', async () => {
    const log = await entries(5);
    const victim = log[2]!;
    await t.db.execute(sql`update audit_log set actor_name = 'mallory' where id = ${victim.id}`);
    const answer = await verify();
    expect(answer).toMatchObject({ ok: false, checked: 5, firstBrokenId: victim.id });
    expect(answer.findings).toEqual([
      { kind: 'edited', entryId: victim.id, message: expect.stringContaining(`#${victim.id}`) },
    ]);
  });

  it('finds a chain hashed again without the key after an edit, as rechained', async () => {
    const log = await entries(5);
    await t.db.execute(
      sql`update audit_log set changes = '{"name":{"after":"Forged"}}' where id = ${log[2]!.id}`,
    );
    await rechainUnkeyed(t.db);
    const answer = await verify();
    expect(answer).toMatchObject({ ok: false, checked: 5, firstBrokenId: log[0]!.id });
    expect(answer.findings).toEqual([
      { kind: 'rechained', entryId: log[0]!.id, message: expect.stringContaining('without the audit key') },
    ]);
  });

  it('finds one entry hashed again without the key, its successors untouched', async () => {
    const log = await entries(4);
    const victim = log[1]!;
    await t.db.execute(sql`update audit_log set actor_name = 'mallory' where id = ${victim.id}`);
    const [edited] = await t.db.select().from(auditLog).where(eq(auditLog.id, victim.id));
    await t.db
      .update(auditLog)
      .set({ hash: unkeyed(edited!.prevHash, edited!) })
      .where(eq(auditLog.id, victim.id));
    // The next entry's link breaks with it: that is the same change, not a removal.
    expect((await verify()).findings).toEqual([
      { kind: 'rechained', entryId: victim.id, message: expect.any(String) },
    ]);
  });

  it('finds the newest entries deleted, as truncated, from the head kept outside the database', async () => {
    const log = await entries(5);
    const newest = log.at(-1)!;
    expect(readHead()).toEqual({ id: newest.id, hash: newest.hash, at: newest.at.toISOString() });
    await t.db.execute(sql`delete from audit_log where id >= ${log[3]!.id}`);
    const answer = await verify();
    expect(answer).toMatchObject({ ok: false, checked: 3, firstBrokenId: newest.id });
    expect(answer.findings).toEqual([
      { kind: 'truncated', entryId: newest.id, message: expect.stringContaining(`ends at #${log[2]!.id}`) },
    ]);

    // Numbered again from there and written on by the app: the entry under the head's id is another.
    await t.db.execute(
      sql`alter table audit_log alter column id restart with ${sql.raw(String(log[3]!.id))}`,
    );
    await entries(2);
    expect(readHead().id).toBe(newest.id);
    expect((await verify()).findings).toEqual([
      { kind: 'truncated', entryId: newest.id, message: expect.stringContaining('cut back') },
    ]);
  });

  it('finds an entry deleted from the middle, as removed', async () => {
    const log = await entries(5);
    await t.db.execute(sql`delete from audit_log where id = ${log[2]!.id}`);
    const answer = await verify();
    expect(answer).toMatchObject({ ok: false, checked: 4, firstBrokenId: log[3]!.id });
    expect(answer.findings).toEqual([
      {
        kind: 'removed',
        entryId: log[3]!.id,
        message: expect.stringContaining(`between #${log[1]!.id} and #${log[3]!.id}`),
      },
    ]);
  });

  it('reports each problem on its own', async () => {
    const log = await entries(8);
    await t.db.execute(sql`update audit_log set ip = '10.6.6.6' where id = ${log[1]!.id}`);
    await t.db.execute(sql`delete from audit_log where id = ${log[4]!.id} or id = ${log[7]!.id}`);
    expect(
      (await verify()).findings.map((f: { kind: string; entryId: number }) => [f.kind, f.entryId]),
    ).toEqual([
      ['edited', log[1]!.id],
      ['removed', log[5]!.id],
      ['truncated', log[7]!.id],
    ]);
  });

  it('keeps serving when the head cannot be written, and says so in the log', async () => {
    const config = t.services.config;
    const kept = config.auditHeadFile;
    config.auditHeadFile = path.join(headFile, 'not-a-folder', 'audit-head.json');
    fs.writeFileSync(headFile, '{}');
    try {
      expect((await call('POST', '/api/clients', { name: 'Still saved' })).statusCode).toBe(201);
    } finally {
      config.auditHeadFile = kept;
    }
    expect(t.logs.join('\n')).toContain('The audit log head could not be written');
    expect(await rows()).toHaveLength(1);
  });

  it("does not report retention's deletion of the oldest entries, nor of every entry", async () => {
    await entries(2);
    t.clock.advance(401 * 86_400_000);
    cookie = await t.signIn(); // the session ended meanwhile
    const kept = (await entries(1)).slice(-2);
    await auditRetentionJob(t.services).run({}, {} as never);
    expect(await rows()).toEqual(kept);
    expect(await verify()).toMatchObject({ ok: true, checked: 2, findings: [] });
    // Nothing written for longer than the retention: even the head's entry goes.
    t.clock.advance(401 * 86_400_000);
    await auditRetentionJob(t.services).run({}, {} as never);
    expect(await rows()).toEqual([]);
    expect(await verifyAudit(t.services)).toMatchObject({ ok: true, checked: 0, findings: [] });
    cookie = await t.signIn();
  });
});

describe('the first Owner', () => {
  it('is audited as themselves when created at setup', async () => {
    const fresh = await createTestApp();
    try {
      const token = (await fresh.services.setup.prepare(fresh.db))!;
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/setup',
        payload: { token, username: 'founder', email: 'founder@agency.test', password: 'first password' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const ownerId = res.json().id as number;
      const log = await rowsOf(fresh.db);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({
        actorType: 'user',
        actorId: ownerId,
        actorName: 'founder',
        action: 'auth.setup',
        targetType: 'users',
        targetId: String(ownerId),
        changes: { token: { after: REDACTED }, password: { after: REDACTED } },
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('a log written before the chain was keyed', () => {
  const legacyEntry = (n: number, at: Date) => ({
    at,
    actorType: 'user',
    actorId: 1,
    actorName: 'alice',
    tokenId: null,
    tokenName: null,
    action: 'clients.create',
    targetType: 'clients',
    targetId: String(n),
    changes: { name: { after: `Client ${n}` } },
    ip: '127.0.0.1',
    userAgent: null,
    requestId: `req-${n}`,
  });

  /** Writes `n` entries as the version before the key did: unkeyed, hash rule 1. */
  async function legacyLog(db: Db, n: number, at: Date) {
    let prevHash = GENESIS_HASH;
    for (let i = 1; i <= n; i++) {
      const entry = legacyEntry(i, at);
      const hash = unkeyed(prevHash, entry);
      await db.insert(auditLog).values({ ...entry, prevHash, hash, hashVersion: 1 });
      prevHash = hash;
    }
    return rowsOf(db);
  }

  it('is re-keyed once at start, the re-keying recorded, and then verifies', async () => {
    const database = await createTestDatabase();
    const legacy = await legacyLog(database.db, 4, new Date());
    const file = path.join(dir, 'legacy-head.json');
    const app = await createTestApp({ database, config: { auditHeadFile: file } });
    try {
      const log = await rowsOf(app.db);
      expect(log.map((r) => r.id).slice(0, 4)).toEqual(legacy.map((r) => r.id));
      expect(log).toHaveLength(5);
      expect(log.every((r) => r.hashVersion === 2)).toBe(true);
      // The fields stay as they were; only the hashes change.
      expect(log.slice(0, 4).map((r) => r.requestId)).toEqual(legacy.map((r) => r.requestId));
      expect(log[0]!.hash).not.toBe(legacy[0]!.hash);
      expect(log[4]).toMatchObject({
        actorType: 'system',
        actorId: 0,
        actorName: 'Agency Hub',
        action: 'audit.rekey',
        targetType: 'audit',
        changes: {
          rekeyedEntries: { after: 4 },
          legacyChainIntact: { after: true },
          hashRule: { before: 'SHA-256, unkeyed', after: 'HMAC-SHA-256, keyed' },
        },
      });
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ id: log[4]!.id, hash: log[4]!.hash });
      const owner = await app.signIn();
      const check = await app.app.inject({
        method: 'GET',
        url: '/api/audit/verify',
        headers: { cookie: owner },
      });
      expect(check.json()).toMatchObject({ ok: true, checked: 6, findings: [] });

      // Once: starting again finds nothing left to re-key.
      await app.app.close();
      const again = await createTestApp({ database, config: { auditHeadFile: file } });
      await again.app.close();
      expect((await rowsOf(database.db)).filter((r) => r.action === 'audit.rekey').map((r) => r.id)).toEqual([
        log[4]!.id,
      ]);
    } finally {
      await database.close();
    }
  });

  it('records that the unkeyed chain was broken before it was re-keyed', async () => {
    const database = await createTestDatabase();
    const legacy = await legacyLog(database.db, 4, new Date());
    await database.db.delete(auditLog).where(eq(auditLog.id, legacy[1]!.id));
    const app = await createTestApp({ database });
    try {
      const rekey = (await rowsOf(app.db)).find((r) => r.action === 'audit.rekey');
      expect(rekey?.changes).toMatchObject({
        rekeyedEntries: { after: 3 },
        legacyChainIntact: { after: false },
        legacyChainFirstBrokenId: { after: legacy[2]!.id },
      });
    } finally {
      await app.close();
    }
  });

  it('is not re-keyed when its entries were made unkeyed after the chain was keyed', async () => {
    const log = await entries(3);
    await t.db.execute(sql`update audit_log set hash_version = 1`);
    await rechainUnkeyed(t.db);
    await rekeyLegacyChain(t.services, t.app.log);
    const after = await rows();
    expect(after.map((r) => r.action)).not.toContain('audit.rekey');
    expect((await verify()).findings).toEqual([
      { kind: 'rechained', entryId: log[0]!.id, message: expect.any(String) },
    ]);
  });
});
