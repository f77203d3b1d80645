import { and, eq, sql } from 'drizzle-orm';
import { dayIn, previousMonth } from '../../shared/reports';
import type { JobSpec } from '../core/jobs/engine';
import { defineJob } from '../core/jobs/registry';
import { clients, reportDeliveries, reportSchedules } from '../db/schema';
import type { Services } from '../services';
import { getAgencySettings } from '../settings';
import { reportPdf } from './document';
import { clientReport } from './service';

export const REPORTS_DUE_JOB = defineJob('reports-due');
export const REPORT_SEND_JOB = defineJob<{ clientId: number; period: string }>('report-send');

/**
 * Starts the monthly reports that are due: on or after a schedule's day of the month (in the agency's
 * time zone), the previous month's report, once per client and month. The delivery row's primary key
 * (client, period) decides which instance sends it; the send job is queued in the same transaction,
 * so a delivery never exists without its job, whatever stops when.
 */
export async function startDueReports(services: Services): Promise<number> {
  const { db, clock } = services;
  const { timeZone } = await getAgencySettings({ db });
  const today = dayIn(timeZone, clock.now());
  const { period } = previousMonth(today);
  const dayOfMonth = Number(today.slice(8, 10));
  const due = await db
    .select({
      clientId: reportSchedules.clientId,
      email: sql<string | null>`coalesce(${reportSchedules.email}, ${clients.email})`,
    })
    .from(reportSchedules)
    .innerJoin(clients, eq(clients.id, reportSchedules.clientId))
    .where(and(eq(reportSchedules.enabled, true), sql`${reportSchedules.dayOfMonth} <= ${dayOfMonth}`));
  let started = 0;
  for (const s of due) {
    if (!s.email) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reportDeliveries)
        .values({ clientId: s.clientId, period, email: s.email!, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ clientId: reportDeliveries.clientId });
      if (!row) return;
      await services.jobs.send(REPORT_SEND_JOB, { clientId: s.clientId, period }, { tx });
      started++;
    });
  }
  return started;
}

/** "2026-10" → the whole of October. */
const monthOf = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return {
    from: `${period}-01`,
    to: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10),
  };
};

/**
 * Sends one delivery: the report's PDF by email through the configured SMTP. A failure is recorded on
 * the delivery and thrown, so the job engine retries it (with backoff, on any instance); a delivery
 * already sent is never sent again.
 */
export async function sendDelivery(
  services: Services,
  clientId: number,
  period: string,
): Promise<'sent' | 'skipped'> {
  const { db, clock } = services;
  const where = and(eq(reportDeliveries.clientId, clientId), eq(reportDeliveries.period, period));
  const [delivery] = await db.select().from(reportDeliveries).where(where);
  if (!delivery || delivery.status === 'sent') return 'skipped';
  try {
    if (!services.mailer) throw new Error('Email is not set up: set SMTP_URL to send scheduled reports.');
    const report = await clientReport(services, clientId, monthOf(period));
    const pdf = await reportPdf(services, report);
    const agency = report.agency.name || 'Agency Hub';
    await services.mailer.send({
      to: delivery.email,
      subject: `${agency}: website report for ${report.title}, ${period}`,
      text:
        `Hello,\n\nattached is the website report for ${report.title} for ${report.from} to ${report.to}: ` +
        `uptime, response times, incidents, maintenance and the work done on your sites.\n\n${agency}\n`,
      attachments: [
        {
          filename: `${report.title}-report-${period}.pdf`.replace(/[^\w.-]+/g, '-'),
          content: pdf,
          contentType: 'application/pdf',
        },
      ],
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db
      .update(reportDeliveries)
      .set({ status: 'failed', error: message.slice(0, 500) })
      .where(where);
    throw err;
  }
  await db.update(reportDeliveries).set({ status: 'sent', error: null, sentAt: clock.now() }).where(where);
  return 'sent';
}

/** Checks every hour, so a report goes out early on its day in the agency's time zone (and catches up). */
export const reportsDueJob = (services: Services): JobSpec => ({
  name: REPORTS_DUE_JOB.name,
  policy: 'stately',
  retryLimit: 2,
  cron: '17 * * * *',
  run: () => startDueReports(services),
});

/** One email per delivery; SMTP failures are retried with backoff for about a day. */
export const reportSendJob = (services: Services): JobSpec<{ clientId: number; period: string }> => ({
  name: REPORT_SEND_JOB.name,
  policy: 'standard',
  retryLimit: 10,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 3 * 3600,
  heartbeatSeconds: 60,
  run: (data) => sendDelivery(services, data.clientId, data.period),
});
