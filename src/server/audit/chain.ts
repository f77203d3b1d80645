import { createHash } from 'node:crypto';
import { asc, desc, gt, sql } from 'drizzle-orm';
import {
  AUDIT_MAX_FINDINGS,
  type AuditActorType,
  type AuditFinding,
  type AuditVerification,
} from '../../shared/audit';
import type { Config } from '../config';
import type { Clock } from '../core/clock';
import { type Context, withTransaction } from '../core/context';
import type { SecretBox } from '../core/secret-box';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { type AuditHead, type HeadLog, noteAuditHead, readAuditHead } from './head';

/** The previous hash of the first entry ever written. */
export const GENESIS_HASH = '0'.repeat(64);

/** Appends from every instance wait on this one lock, taken inside the appending transaction. */
export const APPEND_LOCK = 'audit_log.append';

/** The chain's hash rules: 1 hashed without a key (entries written before the chain was keyed), 2 keyed. */
export const UNKEYED = 1;
export const KEYED = 2;

/**
 * The purpose the chain's key is derived under from the secret box's key (HKDF): a key of its own, found
 * nowhere in the database, that nothing else uses.
 */
const KEY_PURPOSE = 'audit chain v2';

/** What hashes the chain: the secret box (its key comes from SECRET_KEY or the data folder's key file). */
export type AuditKey = Pick<SecretBox, 'mac'>;

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
 * What an entry's hash is over: the previous entry's hash, a line break and the canonical JSON of the
 * entry's fields (its time as ISO 8601 in UTC to the millisecond; the token only when there is one). The
 * id is not hashed: the chain itself fixes each entry's place.
 */
function hashedText(prevHash: string, record: AuditRecord): string {
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
  return `${prevHash}\n${fields}`;
}

/**
 * An entry's hash: HMAC-SHA-256 (base64url) under the chain's own key. Without the key nobody can write
 * a hash the verifier accepts, so an entry changed in the database cannot be hashed again to match.
 */
export function entryHash(key: AuditKey, prevHash: string, record: AuditRecord): string {
  return key.mac(KEY_PURPOSE, hashedText(prevHash, record));
}

/**
 * The rule entries were hashed by before the chain was keyed: SHA-256 (hex) over the same text. Anyone
 * can compute it, so it proves nothing now; the verifier uses it only to name a chain re-hashed that way.
 */
export function unkeyedHash(prevHash: string, record: AuditRecord): string {
  return createHash('sha256').update(hashedText(prevHash, record)).digest('hex');
}

type Row = typeof auditLog.$inferSelect;

/** A stored row's hashed fields (its id, links and hash rule are not hashed). */
export const storedRecord = (row: Row): AuditRecord => ({
  at: row.at,
  actorType: row.actorType as AuditActorType,
  actorId: row.actorId,
  actorName: row.actorName,
  tokenId: row.tokenId,
  tokenName: row.tokenName,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  changes: row.changes as AuditRecord['changes'],
  ip: row.ip,
  userAgent: row.userAgent,
  requestId: row.requestId,
});

/**
 * Appends one entry at the end of the chain and answers it as the new head (written outside the
 * database by the caller once its transaction commits). Appends are serialised across every instance
 * on the database by a transaction-scoped advisory lock: the last hash read is still the last when the
 * entry is inserted, and the lock ends with the transaction (PostgreSQL and PGlite alike).
 */
export async function appendAudit(
  ctx: Pick<Context, 'db'> & { box: AuditKey },
  record: AuditRecord,
): Promise<AuditHead> {
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
    const hash = entryHash(ctx.box, prevHash, entry);
    const [row] = await tx.db
      .insert(auditLog)
      .values({ ...entry, prevHash, hash, hashVersion: KEYED })
      .returning({ id: auditLog.id });
    return { id: row!.id, hash, at: entry.at.toISOString() };
  });
}

/** Reads the whole log in id order, `VERIFY_BATCH` entries a statement. */
export async function* auditRows(db: Db, batch = VERIFY_BATCH): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, after))
      .orderBy(asc(auditLog.id))
      .limit(batch);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = rows.at(-1)!.id;
  }
}

const VERIFY_BATCH = 1000;
const DAY_MS = 86_400_000;

export type VerifyDeps = {
  db: Db;
  box: AuditKey;
  clock: Clock;
  config: Pick<Config, 'auditHeadFile' | 'auditRetentionDays'>;
};

/** Consecutive entries that fail the key while each links to the one before it. */
type FailedRun = { firstId: number; lastId: number; count: number; allUnkeyed: boolean };

const entries = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'entry' : 'entries'}`;

function runFinding(run: FailedRun): AuditFinding {
  if (run.count === 1 && !run.allUnkeyed)
    return {
      kind: 'edited',
      entryId: run.firstId,
      message: `Entry #${run.firstId} was changed in the database: its fields no longer match the keyed hash it was written with.`,
    };
  const which =
    run.count === 1
      ? `Entry #${run.firstId} was`
      : `Entries #${run.firstId} to #${run.lastId} (${entries(run.count)}) were`;
  return {
    kind: 'rechained',
    entryId: run.firstId,
    message: run.allUnkeyed
      ? `${which} hashed again without the audit key, with the old unkeyed rule: the chain links up, but someone recomputed it after changing, adding or removing entries from #${run.firstId} on.`
      : `${which} hashed again without the audit key: the chain links up, but none of ${run.count === 1 ? 'it' : 'them'} carries the hash Agency Hub wrote, so entries from #${run.firstId} on were changed, added or removed in the database.`,
  };
}

/**
 * Checks the whole kept log and reports each problem as a finding of its own:
 *
 * - Each entry must carry the keyed hash of its stored link and fields. One entry that does not, while
 *   the next links to it, was `edited` (its fields changed). Consecutive entries that fail the key yet
 *   link to each other, or one entry hashed with the old unkeyed rule, were `rechained`: someone
 *   recomputed their hashes without the key.
 * - Each entry must link to the one before it (its stored previous hash is that entry's hash): when it
 *   does not, the entries between were `removed`. The oldest kept entry's link is taken as it stands:
 *   retention deletes the oldest entries on purpose. A broken link right after an entry already found
 *   altered is that entry's finding, not another.
 * - The head kept outside the database (read before the entries, so an append committing meanwhile
 *   cannot look missing) names the newest entry written: when the log now ends before it, or holds a
 *   different entry under its id, the newest entries were `truncated`. A head entry old enough for
 *   retention to have deleted it is not missed. A log found intact has its newest entry written as the
 *   head (when newer), so each instance keeps the newest it knows, not only the newest it wrote.
 */
export async function verifyAudit(deps: VerifyDeps, log?: HeadLog): Promise<AuditVerification> {
  let head: AuditHead | null = null;
  try {
    head = await readAuditHead(deps.config.auditHeadFile);
  } catch (err) {
    log?.warn(
      { file: deps.config.auditHeadFile, err: (err as Error).message },
      'The audit log head kept outside the database could not be read: the end of the log is not checked',
    );
  }
  const findings: AuditFinding[] = [];
  let checked = 0;
  let prev: { id: number; hash: string; keyed: string; failed: boolean } | undefined;
  let run: FailedRun | undefined;
  let newest: AuditHead | undefined;
  let headRow: { hash: string; failed: boolean } | undefined;
  const closeRun = () => {
    if (run) findings.push(runFinding(run));
    run = undefined;
  };

  for await (const rows of auditRows(deps.db)) {
    for (const row of rows) {
      const record = storedRecord(row);
      const keyed = entryHash(deps.box, row.prevHash, record);
      const failed = row.hash !== keyed;
      const linked = prev === undefined || row.prevHash === prev.hash || row.prevHash === prev.keyed;
      if (!failed) closeRun();
      else {
        const unkeyed = row.hash === unkeyedHash(row.prevHash, record);
        if (run && linked && prev?.failed) {
          run.lastId = row.id;
          run.count += 1;
          run.allUnkeyed &&= unkeyed;
        } else {
          closeRun();
          run = { firstId: row.id, lastId: row.id, count: 1, allUnkeyed: unkeyed };
        }
      }
      if (!linked && !failed && prev && !prev.failed)
        findings.push({
          kind: 'removed',
          entryId: row.id,
          message: `Entries were removed between #${prev.id} and #${row.id}: entry #${row.id} no longer links to the entry before it.`,
        });
      if (head && row.id === head.id) headRow = { hash: row.hash, failed };
      prev = { id: row.id, hash: row.hash, keyed, failed };
      newest = { id: row.id, hash: row.hash, at: row.at.toISOString() };
      checked += 1;
    }
  }
  closeRun();

  const newestId = newest?.id;
  if (head) {
    const expired =
      Date.parse(head.at) < deps.clock.now().getTime() - deps.config.auditRetentionDays * DAY_MS;
    if ((newestId === undefined || newestId < head.id) && !expired)
      findings.push({
        kind: 'truncated',
        entryId: head.id,
        message: `The newest entries were removed: entry #${head.id} was written (as recorded outside the database), but the log now ${newestId === undefined ? 'is empty' : `ends at #${newestId}`}. If the database was restored from an older copy, that explains it.`,
      });
    else if (headRow && !headRow.failed && headRow.hash !== head.hash)
      findings.push({
        kind: 'truncated',
        entryId: head.id,
        message: `Entry #${head.id} is not the entry written under that number (as recorded outside the database): the log was cut back to before it and written again from there. If the database was restored from an older copy, that explains it.`,
      });
  }

  findings.sort((a, b) => a.entryId - b.entryId);
  // A log found intact ends at its newest entry: the head outside the database may name it (this
  // instance may not have written it, another did).
  if (findings.length === 0 && log) await noteAuditHead(deps.config.auditHeadFile, newest, log);
  return {
    ok: findings.length === 0,
    checked,
    firstBrokenId: findings[0]?.entryId ?? null,
    findings: findings.slice(0, AUDIT_MAX_FINDINGS),
    findingsOmitted: Math.max(0, findings.length - AUDIT_MAX_FINDINGS),
  };
}
