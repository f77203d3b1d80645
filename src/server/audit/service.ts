import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditFilters, AuditPage, AuditQuery } from '../../shared/audit';
import { parseDay } from '../../shared/dates';
import { pageOf } from '../../shared/lists';
import type { Context } from '../core/context';
import { auditLog } from '../db/schema';

const DAY_MS = 86_400_000;

function whereOf(filters: AuditFilters): SQL | undefined {
  return and(
    filters.actorId !== undefined ? eq(auditLog.actorId, filters.actorId) : undefined,
    filters.action !== undefined ? eq(auditLog.action, filters.action) : undefined,
    filters.targetType !== undefined ? eq(auditLog.targetType, filters.targetType) : undefined,
    filters.targetId !== undefined ? eq(auditLog.targetId, filters.targetId) : undefined,
    // UTC days, both included.
    filters.from !== undefined ? gte(auditLog.at, new Date(parseDay(filters.from)!)) : undefined,
    filters.to !== undefined ? lt(auditLog.at, new Date(parseDay(filters.to)! + DAY_MS)) : undefined,
  );
}

type Row = typeof auditLog.$inferSelect;

const isChange = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value).every((k) => k === 'before' || k === 'after');

/**
 * An entry's changes as the API answers them. Entries written before changes were recorded field by
 * field hold the values sent (`{ name: "Acme" }`): they read as `{ name: { after: "Acme" } }`. The stored
 * value, which the hash covers, is left as it was.
 */
function changesRead(stored: unknown): AuditEntry['changes'] {
  if (stored === null || typeof stored !== 'object') return null;
  return Object.fromEntries(
    Object.entries(stored as Record<string, unknown>).map(([k, v]) => [k, isChange(v) ? v : { after: v }]),
  ) as AuditEntry['changes'];
}

const entryOf = (row: Row): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: {
    type: row.actorType as AuditEntry['actor']['type'],
    id: row.actorId,
    name: row.actorName,
    token: row.tokenId === null ? null : { id: row.tokenId, name: row.tokenName ?? '' },
  },
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  changes: changesRead(row.changes),
  ip: row.ip,
  userAgent: row.userAgent,
  requestId: row.requestId,
});

/** A page of entries matching the filters, newest first. */
export async function listAudit(ctx: Pick<Context, 'db'>, query: AuditQuery): Promise<AuditPage> {
  const { page, pageSize, offset } = pageOf(query);
  const where = whereOf(query);
  const [rows, [matching], [all]] = await Promise.all([
    ctx.db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(pageSize).offset(offset),
    ctx.db.select({ n: count() }).from(auditLog).where(where),
    ctx.db.select({ n: count() }).from(auditLog),
  ]);
  return { data: rows.map(entryOf), total: matching!.n, overall: all!.n, page, pageSize };
}

/**
 * Every entry matching the filters, newest first, read `batch` at a time by id (the CSV export streams
 * them): a long log is never read whole, and entries appended meanwhile are not repeated.
 */
export async function* auditBatches(
  ctx: Pick<Context, 'db'>,
  filters: AuditFilters,
  batch = 1000,
): AsyncGenerator<AuditEntry[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(whereOf(filters), before === undefined ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(batch);
    yield rows.map(entryOf);
    if (rows.length < batch) return;
    before = rows.at(-1)!.id;
  }
}

/** Deletes the entries older than the retention; the chain check then starts at the oldest kept one. */
export async function pruneAudit(ctx: Pick<Context, 'db' | 'clock'>, retentionDays: number): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - retentionDays * DAY_MS);
  const gone = await ctx.db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return gone.length;
}
