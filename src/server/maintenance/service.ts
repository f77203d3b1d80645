import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { MaintenanceInput, MaintenanceWindow } from '../../shared/maintenance';
import { recordActivity } from '../activity';
import { withTransaction } from '../core/context';
import { AppError, badRequest, forbidden, notFound } from '../core/errors';
import {
  clientAllowed,
  clientInScope,
  isScoped,
  type ScopeContext,
  serverInScope,
  websiteInScope,
} from '../core/scope';
import { rowsOf } from '../core/sql';
import type { Db } from '../db/client';
import { checks, clients, type MaintenanceWindowRow, maintenanceWindows, websites } from '../db/schema';
import { endMonitorIncidentsInMaintenance } from '../monitors';
import type { Services } from '../services';
import { refreshHealth } from '../websites';
import { describeCovers } from './covers';
import { toWindow, windowState } from './windows';

const SCOPED_NO_SERVER_WINDOWS =
  'A server holds other clients’ websites too: start maintenance for your clients or their websites instead.';
const SCOPED_NEEDS_TARGET = 'Choose one of your clients, their websites or their checks for this window.';
const SCOPED_WINDOW_COVERS_OTHERS =
  'This maintenance window also covers websites of clients you do not manage; ask an Admin or someone who manages them to change it.';

/** A condition only for a person limited to chosen clients (else none). */
const scoped = (ctx: ScopeContext, rule: (ctx: ScopeContext, column: SQL) => SQL, column: SQL) =>
  isScoped(ctx) ? rule(ctx, column) : undefined;

/** Starts (or schedules) a window after checking that what it names exists. */
export async function createWindow(services: Services, input: MaintenanceInput): Promise<MaintenanceWindow> {
  const { db, clock } = services;
  const checkIds = [...new Set(input.checkIds ?? [])];
  const websiteIds = [...new Set(input.websiteIds ?? [])];
  // To a person limited to chosen clients, what is not theirs does not exist; a server is shared by
  // clients, so they silence their clients or websites instead.
  await mustExist('checkIds', 'check', checkIds, async () =>
    (
      await db
        .select({ id: checks.id })
        .from(checks)
        .where(and(inArray(checks.id, checkIds), scoped(services, websiteInScope, sql`${checks.websiteId}`)))
    ).map((r) => r.id),
  );
  await mustExist('websiteIds', 'website', websiteIds, async () =>
    (
      await db
        .select({ id: websites.id })
        .from(websites)
        .where(and(inArray(websites.id, websiteIds), clientInScope(services, sql`${websites.clientId}`)))
    ).map((r) => r.id),
  );
  if (input.clientId) {
    const [c] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, input.clientId), clientInScope(services, sql`${clients.id}`)));
    if (!c) throw badRequest('That client does not exist', { clientId: ['That client does not exist'] });
  }
  if (input.serverId && isScoped(services)) throw new AppError(403, 'forbidden', SCOPED_NO_SERVER_WINDOWS);
  if (isScoped(services) && !input.clientId && checkIds.length === 0 && websiteIds.length === 0)
    throw badRequest(SCOPED_NEEDS_TARGET);
  const now = clock.now();
  const startsAt = input.startsAt ? new Date(input.startsAt) : now;
  if (startsAt.getTime() + input.durationMinutes * 60_000 <= now.getTime() && input.repeat === 'none') {
    throw badRequest('That window would already be over', {
      startsAt: ['That window would already be over'],
    });
  }
  const row = await withTransaction(services, async (tx) => {
    const [row] = await tx.db
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
        createdBy: tx.actor?.id ?? null,
        createdAt: now,
      })
      .returning();
    // A window on now changes the health of what it covers at once, and ends the open incidents of its
    // websites' Better Uptime monitors (later ones: the minute's refresh and sweep).
    const covered = await coveredWebsites(tx.db, row!);
    await refreshHealth({ db: tx.db }, now, covered);
    await endMonitorIncidentsInMaintenance(tx, now, covered);
    const { state } = windowState(row!, now);
    await recordActivity(tx, {
      type: 'info',
      action: 'maintenance.created',
      message: `${state === 'active' ? 'started' : 'scheduled'} a ${input.durationMinutes}-minute maintenance window${input.reason ? ` (${input.reason})` : ''}`,
      link: '/uptime',
    });
    return row!;
  });
  return toWindow(row, now, (await describeCovers({ db }, [row])).get(row.id)!);
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
  query: {
    state?: MaintenanceWindow['state'] | 'current';
    checkId?: number;
    websiteId?: number;
    clientId?: number;
    serverId?: string;
  },
): Promise<MaintenanceWindow[]> {
  const { db, clock } = services;
  const now = clock.now();
  const covering = await coveringFilter(services, query);
  const rows = await db
    .select()
    .from(maintenanceWindows)
    .where(and(covering, windowInScope(services)))
    .orderBy(desc(maintenanceWindows.startsAt))
    .limit(500);
  const wanted = await ownParts(
    services,
    rows.filter((r) => {
      const { state } = windowState(r, now);
      return !query.state ? true : query.state === 'current' ? state !== 'ended' : state === query.state;
    }),
  );
  const covers = await describeCovers({ db }, wanted);
  return wanted.map((r) => toWindow(r, now, covers.get(r.id)!));
}

/**
 * The windows covering what the query names. To a person limited to chosen clients, a website or check
 * of another client is as missing as one that never was (the same 404), and another client or a server
 * holding none of their websites names no window (the same empty list as an unknown one); the windows
 * found are matched by their parts of the person's clients only.
 */
async function coveringFilter(
  services: Services,
  q: { checkId?: number; websiteId?: number; clientId?: number; serverId?: string },
): Promise<SQL | undefined> {
  let websiteId = q.websiteId;
  const m = maintenanceWindows;
  const parts = [];
  if (q.checkId) {
    const [c] = await services.db
      .select()
      .from(checks)
      .where(and(eq(checks.id, q.checkId), scoped(services, websiteInScope, sql`${checks.websiteId}`)));
    if (!c) throw notFound('Check not found');
    parts.push(sql`${q.checkId} = any(${m.checkIds})`);
    websiteId ??= c.websiteId ?? undefined;
  }
  if (websiteId) {
    const [w] = await services.db
      .select()
      .from(websites)
      .where(and(eq(websites.id, websiteId), scoped(services, clientInScope, sql`${websites.clientId}`)));
    if (!w) throw notFound('Website not found');
    parts.push(sql`${websiteId} = any(${m.websiteIds})`);
    if (w.clientId) parts.push(eq(m.clientId, w.clientId));
    if (w.serverId) parts.push(eq(m.serverId, w.serverId));
  }
  if (q.clientId && !clientAllowed(services, q.clientId)) return sql`false`;
  if (q.serverId && !(await serverAllowed(services, q.serverId))) return sql`false`;
  const namingWebsitesOf = (owner: SQL) =>
    sql`exists (select 1 from websites w where w.id = any(${m.websiteIds}) and ${owner}
      and ${clientInScope(services, sql`w.client_id`)})`;
  if (q.clientId) parts.push(eq(m.clientId, q.clientId), namingWebsitesOf(sql`w.client_id = ${q.clientId}`));
  if (q.serverId) parts.push(eq(m.serverId, q.serverId), namingWebsitesOf(sql`w.server_id = ${q.serverId}`));
  return parts.length ? or(...parts) : undefined;
}

/** Whether a server holds one of the person's websites (always, when not limited). */
async function serverAllowed(ctx: Pick<Services, 'db' | 'actor'>, serverId: string): Promise<boolean> {
  if (!isScoped(ctx)) return true;
  const [row] = await ctx.db
    .select({ id: websites.id })
    .from(websites)
    .where(and(eq(websites.serverId, serverId), serverInScope(ctx, sql`${websites.serverId}`)))
    .limit(1);
  return row !== undefined;
}

/**
 * The windows a person limited to chosen clients sees: those with a part of theirs (their client, a
 * server holding one of their websites, one of their websites or its checks); undefined for everyone
 * else. `ownParts` keeps the same parts, so a window listed always shows something of theirs.
 */
function windowInScope(ctx: ScopeContext): SQL | undefined {
  if (!isScoped(ctx)) return undefined;
  const m = maintenanceWindows;
  return sql`(${clientInScope(ctx, sql`${m.clientId}`)}
    or ${serverInScope(ctx, sql`${m.serverId}`)}
    or exists (select 1 from websites w where w.id = any(${m.websiteIds}) and ${clientInScope(ctx, sql`w.client_id`)})
    or exists (select 1 from checks c where c.id = any(${m.checkIds}) and ${websiteInScope(ctx, sql`c.website_id`)}))`;
}

/**
 * What a person limited to chosen clients is shown of each window: only its parts of their clients
 * (their websites, their websites' checks, their client, a server holding one of their websites), so
 * another client's names, ids and counts never reach them. Everyone else sees each window whole.
 */
async function ownParts(
  ctx: Pick<Services, 'db' | 'actor'>,
  rows: MaintenanceWindowRow[],
): Promise<MaintenanceWindowRow[]> {
  if (!isScoped(ctx) || rows.length === 0) return rows;
  const { db } = ctx;
  const websiteIds = [...new Set(rows.flatMap((r) => r.websiteIds))];
  const checkIds = [...new Set(rows.flatMap((r) => r.checkIds))];
  const serverIds = [...new Set(rows.flatMap((r) => (r.serverId ? [r.serverId] : [])))];
  const [ownWebsites, ownChecks, ownServers] = await Promise.all([
    websiteIds.length
      ? db
          .select({ id: websites.id })
          .from(websites)
          .where(and(inArray(websites.id, websiteIds), clientInScope(ctx, sql`${websites.clientId}`)))
      : [],
    checkIds.length
      ? db
          .select({ id: checks.id })
          .from(checks)
          .where(and(inArray(checks.id, checkIds), websiteInScope(ctx, sql`${checks.websiteId}`)))
      : [],
    serverIds.length
      ? db
          .selectDistinct({ id: websites.serverId })
          .from(websites)
          .where(and(inArray(websites.serverId, serverIds), serverInScope(ctx, sql`${websites.serverId}`)))
      : [],
  ]);
  const website = new Set(ownWebsites.map((w) => w.id));
  const check = new Set(ownChecks.map((c) => c.id));
  const server = new Set(ownServers.map((s) => s.id));
  return rows.map((r) => ({
    ...r,
    websiteIds: r.websiteIds.filter((id) => website.has(id)),
    checkIds: r.checkIds.filter((id) => check.has(id)),
    clientId: r.clientId !== null && clientAllowed(ctx, r.clientId) ? r.clientId : null,
    serverId: r.serverId !== null && server.has(r.serverId) ? r.serverId : null,
  }));
}

/**
 * Whether a window covers anything outside the person's clients: a website of another client or of
 * none (named, through a check, its client or its server), a check of no website of theirs, or another
 * client. Never, for someone not limited.
 */
async function coversOthers(ctx: Pick<Services, 'db' | 'actor'>, id: number): Promise<boolean> {
  if (!isScoped(ctx)) return false;
  const outside = (inScope: SQL) => sql`not coalesce(${inScope}, false)`;
  const [row] = rowsOf<{ outside: boolean }>(
    await ctx.db.execute(sql`
      select (
        exists (select 1 from websites w
          where (w.id = any(m.website_ids)
              or exists (select 1 from checks c where c.id = any(m.check_ids) and c.website_id = w.id)
              or (m.client_id is not null and w.client_id = m.client_id)
              or (m.server_id is not null and w.server_id = m.server_id))
            and ${outside(clientInScope(ctx, sql`w.client_id`))})
        or exists (select 1 from checks c
          where c.id = any(m.check_ids) and ${outside(websiteInScope(ctx, sql`c.website_id`))})
        or (m.client_id is not null and ${outside(clientInScope(ctx, sql`m.client_id`))})
      ) as outside
      from maintenance_windows m where m.id = ${id}`),
  );
  return row?.outside === true;
}

/** Ends a window now (DELETE /api/maintenance/{id}); a weekly one stops repeating. */
export async function endWindow(services: Services, id: number): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  const [row] = await db
    .select()
    .from(maintenanceWindows)
    .where(and(eq(maintenanceWindows.id, id), windowInScope(services)));
  if (!row) throw notFound('Maintenance window not found');
  // Ending it would put other clients' websites back on alerting: only someone who sees them may.
  if (await coversOthers(services, id)) throw forbidden(SCOPED_WINDOW_COVERS_OTHERS);
  if (windowState(row, now).state === 'ended') {
    throw new AppError(409, 'already_ended', 'This maintenance window is already over.');
  }
  await withTransaction(services, async (tx) => {
    await tx.db
      .update(maintenanceWindows)
      .set({ endedAt: now })
      .where(and(eq(maintenanceWindows.id, id), isNull(maintenanceWindows.endedAt)));
    await refreshHealth({ db: tx.db }, now, await coveredWebsites(tx.db, row));
    await recordActivity(tx, {
      type: 'info',
      action: 'maintenance.ended',
      message: 'ended a maintenance window',
      link: '/uptime',
    });
  });
}

/** The websites a window covers: named, through their checks, their client or their server. */
async function coveredWebsites(db: Db, w: MaintenanceWindowRow): Promise<number[]> {
  const rows = await db
    .select({ id: websites.id })
    .from(websites)
    .where(
      or(
        w.websiteIds.length ? inArray(websites.id, w.websiteIds) : undefined,
        w.checkIds.length
          ? inArray(
              websites.id,
              db
                .select({ id: sql<number>`${checks.websiteId}` })
                .from(checks)
                .where(inArray(checks.id, w.checkIds)),
            )
          : undefined,
        w.clientId ? eq(websites.clientId, w.clientId) : undefined,
        w.serverId ? eq(websites.serverId, w.serverId) : undefined,
      ) ?? sql`false`,
    );
  return rows.map((r) => r.id);
}
