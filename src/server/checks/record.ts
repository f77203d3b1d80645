import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatDateTime, zoneNote } from '../../shared/time';
import { dispatchAlert } from '../alerts';
import { withTransaction } from '../core/context';
import type { Db } from '../db/client';
import { type CheckRow, checkResults, checks, websites } from '../db/schema';
import { closeIncident, openIncident } from '../incidents';
import { checksInMaintenance } from '../maintenance';
import type { Services } from '../services';
import { agencyTime } from '../settings';
import { refreshHealth } from '../websites';
import { daysUntil, type ExpiryThreshold, expiryWarning } from './expiry/thresholds';
import type { ProbeResult } from './probe';
import { nextState } from './state';

export type ProbeOutcome = { checkId: number; dueAt: Date; lagMs: number; result: ProbeResult };

/**
 * Records a batch of results in one transaction, holding the checks' rows: the results (once per
 * due time), each check's new state in one statement, and what the results change: an incident opened
 * or closed, a certificate warning. Results of a check in maintenance are recorded like any other.
 */
export async function recordResults(services: Services, outcomes: ProbeOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const now = services.clock.now();
  await withTransaction(services, async (ctx) => {
    const tx = ctx.db;
    const ids = [...new Set(outcomes.map((o) => o.checkId))];
    const current = await tx
      .select()
      .from(checks)
      .where(inArray(checks.id, ids))
      .orderBy(checks.id)
      .for('update');
    const byId = new Map(current.map((c) => [c.id, c]));
    const live = outcomes.filter((o) => byId.has(o.checkId) && !byId.get(o.checkId)!.paused);
    if (live.length === 0) return;
    const inserted = await tx
      .insert(checkResults)
      .values(
        live.map((o) => ({
          checkId: o.checkId,
          dueAt: o.dueAt,
          lagMs: o.lagMs,
          ok: o.result.ok,
          responseMs: o.result.responseMs,
          statusCode: o.result.status,
          error: o.result.ok ? null : truncate(o.result.error),
        })),
      )
      .onConflictDoNothing()
      .returning({ checkId: checkResults.checkId, dueAt: checkResults.dueAt });
    const fresh = new Set(inserted.map((r) => `${r.checkId}@${r.dueAt.getTime()}`));
    const todo = live
      .filter((o) => fresh.has(`${o.checkId}@${o.dueAt.getTime()}`))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
    const failing = todo.filter((o) => !o.result.ok).map((o) => o.checkId);
    const maintenance = await checksInMaintenance({ db: tx }, failing, now);
    const updates: Record<string, unknown>[] = [];
    for (const o of todo) {
      const check = byId.get(o.checkId)!;
      const next = nextState(
        { status: check.status as 'pending' | 'up' | 'down', consecutiveFailures: check.consecutiveFailures },
        check.confirmations,
        o.result.ok,
        maintenance.has(check.id),
      );
      // Incidents run from the first failing run of the streak to the first run that answered again.
      if (next.open) await open(ctx, check, o);
      if (next.close) await closeIncident(ctx, { checkId: check.id }, o.dueAt, 'up');
      const cert = o.result.certificate;
      const warned = cert ? await warnCertificate(ctx, check, cert.validTo, cert.issuer, now) : undefined;
      const state = {
        id: check.id,
        status: next.status,
        consecutive_failures: next.consecutiveFailures,
        last_checked_at: o.dueAt.toISOString(),
        last_response_ms: o.result.responseMs,
        last_status_code: o.result.status,
        last_error: o.result.ok ? null : truncate(o.result.error),
        cert_valid_to: cert?.validTo ?? check.certValidTo?.toISOString() ?? null,
        cert_issuer: cert?.issuer ?? check.certIssuer,
        cert_subject: cert?.subject ?? check.certSubject,
        cert_warned_days: warned?.days ?? check.certWarnedDays,
        cert_warned_for: warned?.for ?? check.certWarnedFor?.toISOString() ?? null,
      };
      byId.set(check.id, { ...check, status: next.status, consecutiveFailures: next.consecutiveFailures });
      const i = updates.findIndex((u) => u.id === check.id);
      if (i >= 0) updates[i] = state;
      else updates.push(state);
    }
    if (updates.length) await saveStates(tx, updates);
    // A check whose status changed changes its website's health.
    const moved = current.filter((c) => c.websiteId !== null && byId.get(c.id)!.status !== c.status);
    await refreshHealth(
      { db: tx },
      now,
      moved.map((c) => c.websiteId!),
    );
  });
}

/** Every check's new state in one statement. */
async function saveStates(tx: Db, updates: Record<string, unknown>[]) {
  await tx.execute(sql`
    update checks c set
      status = v.status, consecutive_failures = v.consecutive_failures, last_checked_at = v.last_checked_at,
      status_since = case when c.status is distinct from v.status then v.last_checked_at else c.status_since end,
      last_response_ms = v.last_response_ms, last_status_code = v.last_status_code, last_error = v.last_error,
      cert_valid_to = v.cert_valid_to, cert_issuer = v.cert_issuer, cert_subject = v.cert_subject,
      cert_warned_days = v.cert_warned_days, cert_warned_for = v.cert_warned_for
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(
      id int, status text, consecutive_failures int, last_checked_at timestamptz, last_response_ms int,
      last_status_code smallint, last_error text, cert_valid_to timestamptz, cert_issuer text,
      cert_subject text, cert_warned_days smallint, cert_warned_for timestamptz)
    where c.id = v.id`);
}

/** Opens the check's incident with the failing responses that confirmed it, from the first of them. */
async function open(ctx: Services, check: CheckRow, o: ProbeOutcome) {
  const tx = ctx.db;
  const failures = await tx
    .select({
      at: checkResults.dueAt,
      status: checkResults.statusCode,
      error: checkResults.error,
      responseMs: checkResults.responseMs,
    })
    .from(checkResults)
    .where(and(eq(checkResults.checkId, check.id), eq(checkResults.ok, false)))
    .orderBy(desc(checkResults.dueAt))
    .limit(check.confirmations);
  const [site] = check.websiteId
    ? await tx.select({ serverId: websites.serverId }).from(websites).where(eq(websites.id, check.websiteId))
    : [];
  await openIncident(ctx, {
    source: 'check',
    checkId: check.id,
    websiteId: check.websiteId,
    serverId: site?.serverId ?? null,
    title: `${check.name} is down`,
    cause: o.result.error,
    failures: failures.reverse().map((f) => ({ ...f, at: f.at.toISOString() })),
    at: failures[0]?.at ?? o.dueAt,
  });
}

/** Warns at 30, 14, 7 and 0 days before the certificate expires, each once per certificate. */
async function warnCertificate(
  ctx: Services,
  check: CheckRow,
  validTo: string,
  issuer: string,
  now: Date,
): Promise<{ days: ExpiryThreshold; for: string } | undefined> {
  const last =
    check.certWarnedFor && check.certWarnedDays !== null
      ? { validTo: check.certWarnedFor.toISOString(), threshold: check.certWarnedDays as ExpiryThreshold }
      : null;
  const threshold = expiryWarning(validTo, now, last);
  if (threshold === null) return undefined;
  const host = new URL(check.url).hostname;
  const days = daysUntil(validTo, now);
  const time = await agencyTime(ctx);
  await dispatchAlert(
    ctx,
    {
      event: 'certificate',
      key: `cert:${check.id}:${validTo}:${threshold}`,
      title:
        days < 0
          ? `The certificate of ${host} has expired`
          : `The certificate of ${host} expires in ${days} day${days === 1 ? '' : 's'}`,
      body: `Issued by ${issuer}, valid until ${formatDateTime(validTo, time)}${zoneNote(time)}. Renew it before visitors see a security warning.`,
      link: `/uptime/checks/${check.id}`,
      action: 'certificate.expiring',
    },
    { websiteIds: check.websiteId ? [check.websiteId] : [] },
  );
  return { days: threshold, for: validTo };
}

const truncate = (text: string | null) => (text && text.length > 500 ? `${text.slice(0, 497)}…` : text);
