import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { dispatchAlert } from '../alerts/dispatch';
import type { Db } from '../db/client';
import { type CheckRow, checkResults, checks, websites } from '../db/schema';
import { closeIncident, openIncident } from '../incidents/lifecycle';
import { checksInMaintenance } from '../maintenance/coverage';
import type { Services } from '../services';
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
  await services.db.transaction(async (tx) => {
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
    const maintenance = await checksInMaintenance(tx, failing, now);
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
      if (next.open) await open(services, tx, check, o);
      if (next.close) await closeIncident(services, tx, { checkId: check.id }, o.dueAt);
      const cert = o.result.certificate;
      const warned = cert
        ? await warnCertificate(services, tx, check, cert.validTo, cert.issuer, now)
        : undefined;
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
  });
}

/** Every check's new state in one statement. */
async function saveStates(tx: Db, updates: Record<string, unknown>[]) {
  await tx.execute(sql`
    update checks c set
      status = v.status, consecutive_failures = v.consecutive_failures, last_checked_at = v.last_checked_at,
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
async function open(services: Services, tx: Db, check: CheckRow, o: ProbeOutcome) {
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
  await openIncident(services, tx, {
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
  services: Services,
  tx: Db,
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
  await dispatchAlert(
    services,
    tx,
    {
      event: 'certificate',
      key: `cert:${check.id}:${validTo}:${threshold}`,
      title:
        days < 0
          ? `The certificate of ${host} has expired`
          : `The certificate of ${host} expires in ${days} day${days === 1 ? '' : 's'}`,
      body: `Issued by ${issuer}, valid until ${validTo}. Renew it before visitors see a security warning.`,
      link: `/uptime/checks/${check.id}`,
      action: 'certificate.expiring',
    },
    { websiteIds: check.websiteId ? [check.websiteId] : [] },
  );
  return { days: threshold, for: validTo };
}

const truncate = (text: string | null) => (text && text.length > 500 ? `${text.slice(0, 497)}…` : text);
