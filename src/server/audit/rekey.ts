import { desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { withTransaction } from '../core/context';
import { auditLog } from '../db/schema';
import {
  APPEND_LOCK,
  type AuditRecord,
  appendAudit,
  auditRows,
  entryHash,
  KEYED,
  storedRecord,
  UNKEYED,
  unkeyedHash,
  type VerifyDeps,
} from './chain';
import { noteAuditHead, readAuditHead } from './head';

export type RekeyLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Who writes the entries of the log's own upkeep: Agency Hub itself. */
export const SYSTEM_ACTOR = { actorType: 'system', actorId: 0, actorName: 'Agency Hub' } as const;

/**
 * Once, when the app starts on a log written before its chain was keyed: checks that chain by the old
 * unkeyed rule (each entry's link to the one before and its SHA-256), then hashes every entry again in
 * id order with the key, and appends an entry by Agency Hub itself recording how many entries were
 * re-keyed and whether the old chain was intact (and where it broke when it was not: re-keying links
 * across whatever was missing, so only that entry keeps it known).
 *
 * It runs under the append lock in one transaction, so with several instances starting at once one
 * re-keys and the others then find nothing left to do. It re-keys only a log whose every entry is
 * unkeyed and when no head was ever written outside the database: an unkeyed entry beside keyed ones,
 * or after a keyed head, was made unkeyed in the database, and re-keying it would vouch for it; those
 * stay as they are and the chain check reports them.
 */
export async function rekeyLegacyChain(deps: VerifyDeps, log: RekeyLog): Promise<void> {
  // The newest entry tells at a glance: a keyed log (the usual case) costs one indexed read.
  const [newest] = await deps.db
    .select({ hashVersion: auditLog.hashVersion })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (newest?.hashVersion !== UNKEYED) return;

  const done = await withTransaction(deps, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${APPEND_LOCK}))`);
    const [counts] = await tx.db
      .select({
        unkeyed: sql<number>`count(*) filter (where ${auditLog.hashVersion} = ${UNKEYED})`.mapWith(Number),
        keyed: sql<number>`count(*) filter (where ${auditLog.hashVersion} <> ${UNKEYED})`.mapWith(Number),
      })
      .from(auditLog);
    if (!counts || counts.unkeyed === 0) return undefined;
    if (counts.keyed > 0) {
      log.warn(
        'The audit log holds unkeyed entries beside keyed ones: they are not re-keyed, and the chain check reports them',
      );
      return undefined;
    }
    // A head file that cannot be read still says a keyed chain was written.
    const headKept = await readAuditHead(deps.config.auditHeadFile).then(
      (head) => head !== null,
      () => true,
    );
    if (headKept) {
      log.warn(
        { file: deps.config.auditHeadFile },
        'The audit log holds only unkeyed entries, but a keyed chain was written before (its head is kept ' +
          'outside the database): they are not re-keyed, and the chain check reports them. If the database ' +
          'was restored from a copy older than the keyed chain, remove the head file and start again.',
      );
      return undefined;
    }

    let rekeyed = 0;
    let firstId: number | undefined;
    let lastId: number | undefined;
    let firstBrokenId: number | null = null;
    let oldPrev: string | undefined;
    let newPrev: string | undefined;
    for await (const rows of auditRows(tx.db)) {
      const values = rows.map((row) => {
        const record = storedRecord(row);
        // The old rule: linked to the entry before (the oldest kept one's link as it stands) and hashed.
        const intact =
          (oldPrev === undefined || row.prevHash === oldPrev) &&
          unkeyedHash(row.prevHash, record) === row.hash;
        if (!intact && firstBrokenId === null) firstBrokenId = row.id;
        oldPrev = row.hash;
        const prevHash = newPrev ?? row.prevHash;
        const hash = entryHash(deps.box, prevHash, record);
        newPrev = hash;
        firstId ??= row.id;
        lastId = row.id;
        return sql`(${row.id}::integer, ${prevHash}::text, ${hash}::text)`;
      });
      await tx.db.execute(sql`
        update ${auditLog} set prev_hash = v.prev_hash, hash = v.hash, hash_version = ${KEYED}
        from (values ${sql.join(values, sql`, `)}) as v(id, prev_hash, hash)
        where ${auditLog.id} = v.id`);
      rekeyed += rows.length;
    }

    const record: AuditRecord = {
      at: deps.clock.now(),
      ...SYSTEM_ACTOR,
      tokenId: null,
      tokenName: null,
      action: 'audit.rekey',
      targetType: 'audit',
      targetId: null,
      changes: {
        hashRule: { before: 'SHA-256, unkeyed', after: 'HMAC-SHA-256, keyed' },
        rekeyedEntries: { after: rekeyed },
        entryIds: { after: `#${firstId} to #${lastId}` },
        legacyChainIntact: { after: firstBrokenId === null },
        ...(firstBrokenId === null ? {} : { legacyChainFirstBrokenId: { after: firstBrokenId } }),
      },
      ip: null,
      userAgent: null,
      requestId: null,
    };
    const appended = await appendAudit({ db: tx.db, box: deps.box }, record);
    return { head: appended, rekeyed, firstBrokenId: firstBrokenId as number | null };
  });
  if (!done) return;
  await noteAuditHead(deps.config.auditHeadFile, done.head, log);
  if (done.firstBrokenId === null)
    log.info({ entries: done.rekeyed }, 'The audit log was re-keyed: its unkeyed chain was intact');
  else
    log.warn(
      { entries: done.rekeyed, firstBrokenId: done.firstBrokenId },
      'The audit log was re-keyed, but its unkeyed chain was broken before: the re-keying entry records where',
    );
}
