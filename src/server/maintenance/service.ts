import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { MaintenanceInput, MaintenanceWindow } from '../../shared/maintenance';
import { type Actor, recordActivity } from '../activity/service';
import { checks, clients, maintenanceWindows, websites } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/errors';
import type { Services } from '../services';
import { toWindow, windowState } from './windows';

/** Starts (or schedules) a window after checking that what it names exists. */
export async function createWindow(
  services: Services,
  input: MaintenanceInput,
  actor?: Actor,
): Promise<MaintenanceWindow> {
  const { db, clock } = services;
  const checkIds = [...new Set(input.checkIds ?? [])];
  const websiteIds = [...new Set(input.websiteIds ?? [])];
  await mustExist('checkIds', 'check', checkIds, async () =>
    (await db.select({ id: checks.id }).from(checks).where(inArray(checks.id, checkIds))).map((r) => r.id),
  );
  await mustExist('websiteIds', 'website', websiteIds, async () =>
    (await db.select({ id: websites.id }).from(websites).where(inArray(websites.id, websiteIds))).map(
      (r) => r.id,
    ),
  );
  if (input.clientId) {
    const [c] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId));
    if (!c) throw badRequest('That client does not exist', { clientId: ['That client does not exist'] });
  }
  const now = clock.now();
  const startsAt = input.startsAt ? new Date(input.startsAt) : now;
  if (startsAt.getTime() + input.durationMinutes * 60_000 <= now.getTime() && input.repeat === 'none') {
    throw badRequest('That window would already be over', {
      startsAt: ['That window would already be over'],
    });
  }
  const [row] = await db
    .insert(maintenanceWindows)
    .values({
      reason: input.reason,
      startsAt,
      durationMinutes: input.durationMinutes,
      repeat: input.repeat,
      checkIds,
      websiteIds,
      clientId: input.clientId ?? null,
      serverId: input.serverId ?? null,
      createdBy: actor?.id ?? null,
      createdAt: now,
    })
    .returning();
  const view = toWindow(row!, now);
  await recordActivity(
    db,
    actor,
    {
      type: 'info',
      action: 'maintenance.created',
      message: `${view.state === 'active' ? 'started' : 'scheduled'} a ${input.durationMinutes}-minute maintenance window${input.reason ? ` (${input.reason})` : ''}`,
      link: '/uptime',
    },
    now,
  );
  return view;
}

async function mustExist(field: string, noun: string, ids: number[], found: () => Promise<number[]>) {
  if (ids.length === 0) return;
  const known = new Set(await found());
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) {
    const message = `No ${noun} with id ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}`;
    throw badRequest(message, { [field]: [message] });
  }
}

/** Windows, newest first; by state, and those covering a check or a website. */
export async function listWindows(
  services: Services,
  query: { state?: MaintenanceWindow['state'] | 'current'; checkId?: number; websiteId?: number },
): Promise<MaintenanceWindow[]> {
  const { db, clock } = services;
  const now = clock.now();
  const covering = await coveringFilter(services, query);
  const rows = await db
    .select()
    .from(maintenanceWindows)
    .where(covering)
    .orderBy(desc(maintenanceWindows.startsAt))
    .limit(500);
  return rows
    .map((r) => toWindow(r, now))
    .filter((w) =>
      !query.state ? true : query.state === 'current' ? w.state !== 'ended' : w.state === query.state,
    );
}

async function coveringFilter(services: Services, q: { checkId?: number; websiteId?: number }) {
  let websiteId = q.websiteId;
  const m = maintenanceWindows;
  const parts = [];
  if (q.checkId) {
    const [c] = await services.db.select().from(checks).where(eq(checks.id, q.checkId));
    if (!c) throw notFound('Check not found');
    parts.push(sql`${q.checkId} = any(${m.checkIds})`);
    websiteId ??= c.websiteId ?? undefined;
  }
  if (websiteId) {
    const [w] = await services.db.select().from(websites).where(eq(websites.id, websiteId));
    if (!w) throw notFound('Website not found');
    parts.push(sql`${websiteId} = any(${m.websiteIds})`);
    if (w.clientId) parts.push(eq(m.clientId, w.clientId));
    if (w.serverId) parts.push(eq(m.serverId, w.serverId));
  }
  return parts.length ? or(...parts) : undefined;
}

/** Ends a window now (DELETE /api/maintenance/{id}); a weekly one stops repeating. */
export async function endWindow(services: Services, id: number, actor?: Actor): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  const [row] = await db.select().from(maintenanceWindows).where(eq(maintenanceWindows.id, id));
  if (!row) throw notFound('Maintenance window not found');
  if (windowState(row, now).state === 'ended') {
    throw new AppError(409, 'already_ended', 'This maintenance window is already over.');
  }
  await db
    .update(maintenanceWindows)
    .set({ endedAt: now })
    .where(and(eq(maintenanceWindows.id, id), isNull(maintenanceWindows.endedAt)));
  await recordActivity(
    db,
    actor,
    { type: 'info', action: 'maintenance.ended', message: 'ended a maintenance window', link: '/uptime' },
    now,
  );
}
