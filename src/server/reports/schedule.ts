import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  REPORT_SCHEDULE_NO_EMAIL,
  type ReportSchedule,
  type reportScheduleRequest,
} from '../../shared/reports';
import { recordActivity } from '../activity';
import { type Context, withTransaction } from '../core/context';
import { badRequest } from '../core/errors';
import { reportDeliveries, reportSchedules } from '../db/schema';
import type { Services } from '../services';
import { findClient } from './service';

type Input = z.output<typeof reportScheduleRequest>;

/** A client's monthly report schedule (none saved: off), with its last deliveries. */
export async function getSchedule(
  ctx: Pick<Context, 'db' | 'actor'>,
  clientId: number,
): Promise<ReportSchedule> {
  const { db } = ctx;
  const client = await findClient(ctx, clientId);
  const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.clientId, clientId));
  const deliveries = await db
    .select()
    .from(reportDeliveries)
    .where(eq(reportDeliveries.clientId, clientId))
    .orderBy(desc(reportDeliveries.period))
    .limit(12);
  return {
    clientId,
    dayOfMonth: row?.dayOfMonth ?? null,
    email: row?.email ?? null,
    enabled: row?.enabled ?? false,
    sendsTo: row?.email ?? client.email ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    deliveries: deliveries.map((d) => ({
      period: d.period,
      email: d.email,
      status: d.status as ReportSchedule['deliveries'][number]['status'],
      error: d.error,
      createdAt: d.createdAt.toISOString(),
      sentAt: d.sentAt?.toISOString() ?? null,
    })),
  };
}

/** Saves the schedule; switched on, it needs somewhere to send to. */
export async function saveSchedule(
  services: Services,
  clientId: number,
  input: Input,
): Promise<ReportSchedule> {
  const { db, clock } = services;
  const client = await findClient(services, clientId);
  if (input.enabled && !input.email && !client.email)
    throw badRequest(REPORT_SCHEDULE_NO_EMAIL, { email: [REPORT_SCHEDULE_NO_EMAIL] });
  const values = {
    dayOfMonth: input.dayOfMonth,
    email: input.email,
    enabled: input.enabled,
    updatedAt: clock.now(),
  };
  await withTransaction(services, async (tx) => {
    await tx.db
      .insert(reportSchedules)
      .values({ clientId, ...values })
      .onConflictDoUpdate({ target: reportSchedules.clientId, set: values });
    await recordActivity(tx, {
      type: 'info',
      action: 'report.schedule_saved',
      message: input.enabled
        ? `scheduled ${client.name}'s monthly report for day ${input.dayOfMonth} of each month`
        : `switched off ${client.name}'s monthly report`,
      link: `/clients/${clientId}/report`,
      clientId,
    });
  });
  return getSchedule({ db }, clientId);
}
