import { createHash } from 'node:crypto';
import { asc, desc, gt, sql } from 'drizzle-orm';
import type { AuditActorType } from '../../shared/audit';
import { type Context, withTransaction } from '../core/context';
import { auditLog } from '../db/schema';

/** The previous hash of the first entry ever written. */
export const GENESIS_HASH = '0'.repeat(64);

/** Appends from every instance wait on this one lock, taken inside the appending transaction. */
const APPEND_LOCK = 'audit_log.append';

export type AuditRecord = {
  at: Date;
  actorType: AuditActorType;
  actorId: number;
  actorName: string;
  /** The personal API token the person acted through (null in the browser). */
  tokenId: number | null;
  tokenName: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  changes: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
};

/**
 * JSON with object keys sorted at every depth, so a value reads the same whatever order its keys were
 * written or stored in (jsonb keeps its own order).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * An entry's hash: SHA-256 (hex) over the previous entry's hash, a line break and the canonical JSON of
 * the entry's fields (its time as ISO 8601 in UTC to the millisecond; the token only when there is
 * one). The id is not hashed: the chain itself fixes each entry's place.
 */
export function entryHash(prevHash: string, record: AuditRecord): string {
  const fields = canonicalJson({
    at: record.at.toISOString(),
    actorType: record.actorType,
    actorId: record.actorId,
    actorName: record.actorName,
    ...(record.tokenId === null ? {} : { tokenId: record.tokenId, tokenName: record.tokenName }),
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    changes: record.changes,
    ip: record.ip,
    userAgent: record.userAgent,
    requestId: record.requestId,
  });
  return createHash('sha256').update(`${prevHash}\n${fields}`).digest('hex');
}

/**
 * Appends one entry at the end of the chain. Appends are serialised across every instance on the
 * database by a transaction-scoped advisory lock: the last hash read is still the last when the entry
 * is inserted, and the lock ends with the transaction (PostgreSQL and PGlite alike).
 */
export async function appendAudit(ctx: Pick<Context, 'db'>, record: AuditRecord): Promise<number> {
  // jsonb keeps what JSON keeps: the hash is over the changes as they will read back.
  const changes =
    record.changes === null ? null : (JSON.parse(JSON.stringify(record.changes)) as AuditRecord['changes']);
  const entry = { ...record, changes };
  return withTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${APPEND_LOCK}))`);
    const [last] = await tx.db
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const prevHash = last?.hash ?? GENESIS_HASH;
    const [row] = await tx.db
      .insert(auditLog)
      .values({ ...entry, prevHash, hash: entryHash(prevHash, entry) })
      .returning({ id: auditLog.id });
    return row!.id;
  });
}

const VERIFY_BATCH = 1000;

/**
 * Walks the chain in id order from the oldest kept entry (older ones may have gone by retention, so
 * the first kept entry's previous hash is taken as it stands) and answers the first entry whose stored
 * link does not match the hash before it, or whose fields no longer hash to its stored hash.
 */
export async function verifyAudit(ctx: Pick<Context, 'db'>) {
  let checked = 0;
  let prevHash: string | undefined;
  let after = 0;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, after))
      .orderBy(asc(auditLog.id))
      .limit(VERIFY_BATCH);
    for (const row of rows) {
      // The row's other columns (id, prevHash, hash) are not hashed.
      const record: AuditRecord = {
        ...row,
        actorType: row.actorType as AuditActorType,
        changes: row.changes as AuditRecord['changes'],
      };
      const linked = prevHash === undefined || row.prevHash === prevHash;
      if (!linked || entryHash(row.prevHash, record) !== row.hash)
        return { ok: false, checked, firstBrokenId: row.id };
      checked += 1;
      prevHash = row.hash;
      after = row.id;
    }
    if (rows.length < VERIFY_BATCH) return { ok: true, checked, firstBrokenId: null };
  }
}
