import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type CreateUpdateRunBody,
  DEFAULT_RUN_CONCURRENCY,
  FINISHED_SITE_STATUSES,
  type UpdateRunItem,
} from '../../shared/updates';
import { recordActivity } from '../activity';
import { withTransaction } from '../core/context';
import { AppError, conflict, notFound } from '../core/errors';
import type { JobSpec } from '../core/jobs/engine';
import { rows } from '../core/sql';
import { updateRunSites, updateRuns } from '../db/schema';
import type { Services } from '../services';
import { ADVANCE_UPDATES_JOB, UPDATE_SITE_JOB } from './jobs';
import { inRunOrder, planUpdateRun } from './plan';
import { itemsNotStarted } from './store';

/** "contact-form-7 → 6.0.2", "WordPress (minor)", "3 items: a, b, WordPress". */
export function runTitle(items: UpdateRunItem[]): string {
  const name = (i: UpdateRunItem) =>
    i.type === 'core'
      ? `WordPress${i.targetVersion ? ` → ${i.targetVersion}` : ' (minor)'}`
      : `${i.slug}${i.targetVersion ? ` → ${i.targetVersion}` : ''}`;
  if (items.length === 1) return name(items[0]!);
  const names = items.slice(0, 3).map(name).join(', ');
  return `${items.length} items: ${names}${items.length > 3 ? ' …' : ''}`;
}

/**
 * A person asks for a run: planned now (each site's items, or why it is left out), recorded, and
 * started at once or at its time. A plan with nothing to update on any site is refused with the
 * reasons, so nothing empty is recorded.
 */
export async function createUpdateRun(ctx: Services, body: CreateUpdateRunBody): Promise<{ id: number }> {
  const plan = await planUpdateRun(ctx, body);
  const pending = plan.filter((s) => s.status === 'pending');
  if (pending.length === 0) {
    const reasons = plan.slice(0, 5).map((s) => `${s.domain}: ${s.reason}`);
    throw new AppError(
      400,
      'nothing_to_update',
      plan.length
        ? 'Nothing to update on the chosen websites'
        : 'No website runs what was chosen: nothing to update',
      reasons.length ? { websiteIds: reasons } : undefined,
    );
  }
  const now = ctx.clock.now();
  const startsAt = body.startsAt ? new Date(body.startsAt) : now;
  const title = runTitle(body.items);
  const ordered = inRunOrder(plan);
  const id = await withTransaction(ctx, async (tx) => {
    const [run] = await tx.db
      .insert(updateRuns)
      .values({
        status: startsAt > now ? 'scheduled' : 'running',
        title,
        items: body.items,
        canary: body.canary ?? false,
        concurrency: body.concurrency ?? DEFAULT_RUN_CONCURRENCY,
        skipBackupMinutes: body.skipBackupIfNewerThanMinutes ?? null,
        requestedBy: tx.actor?.id ?? null,
        createdAt: now,
        startsAt,
        startedAt: startsAt > now ? null : now,
      })
      .returning({ id: updateRuns.id });
    for (let i = 0; i < ordered.length; i += 500)
      await tx.db.insert(updateRunSites).values(
        ordered.slice(i, i + 500).map((s, j) => ({
          runId: run!.id,
          websiteId: s.websiteId,
          domain: s.domain,
          host: s.host,
          serverId: s.serverId,
          position: i + j,
          status: s.status,
          reason: s.reason,
          items: s.items.map((item) => ({ ...item, result: 'pending' })),
          lastBackupAt: s.lastBackupAt,
          finishedAt: s.status === 'skipped' ? now : null,
        })),
      );
    await recordActivity(tx, {
      type: 'info',
      action: 'updates.run_created',
      message: `${startsAt > now ? 'scheduled' : 'started'} an update run: ${title} on ${pending.length} ${pending.length === 1 ? 'site' : 'sites'}`,
      link: `/updates/${run!.id}`,
    });
    // A run for later is started by the minute's pass once its time comes.
    if (startsAt <= now) await tx.jobs.send(ADVANCE_UPDATES_JOB, {}, { tx: tx.db });
    return run!.id;
  });
  return { id };
}

/** Cancels a run: sites not started are skipped; those under way finish their step (or roll back). */
export async function cancelUpdateRun(ctx: Services, runId: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [run] = await rows<{
      id: number;
      status: string;
      title: string;
      cancel_requested_at: string | null;
    }>(
      tx.db,
      sql`select r.id, r.status, r.title, r.cancel_requested_at from update_runs r
        where r.id = ${runId} and ${runVisible(tx)} for update`,
    );
    if (!run) throw notFound('Update run not found');
    if (!['scheduled', 'running'].includes(run.status))
      throw conflict(`This run is ${run.status} already: there is nothing to cancel`, undefined, 'run_over');
    if (run.cancel_requested_at) return;
    await tx.db.update(updateRuns).set({ cancelRequestedAt: tx.clock.now() }).where(eq(updateRuns.id, runId));
    await recordActivity(tx, {
      type: 'warning',
      action: 'updates.run_cancelled',
      message: `cancelled the update run ${run.title}`,
      link: `/updates/${runId}`,
    });
    await tx.jobs.send(ADVANCE_UPDATES_JOB, {}, { tx: tx.db });
  });
}

/**
 * A person limited to chosen clients sees a run only when every site of it is one of theirs (r: the
 * run). Everyone else sees every run.
 */
export function runVisible(ctx: Services) {
  const scope = ctx.actor?.clientIds;
  if (!scope || ctx.actor?.role === 'owner' || ctx.actor?.role === 'admin') return sql`true`;
  return sql`not exists (select 1 from update_run_sites s join websites w on w.id = s.website_id
    where s.run_id = r.id and (w.client_id is null or not (w.client_id = any(${sql.raw(`'{${scope.map(Number).join(',')}}'::int[]`)}))))`;
}

const FINISHED = FINISHED_SITE_STATUSES as string[];

/**
 * Moves every open run one step: a scheduled run whose time came starts; a cancelled one skips what
 * has not started; waiting sites are handed to workers while the run has room (its concurrency), one
 * site per server across all runs, and only the canary while it has not verified; a run whose sites
 * are all over is closed. One transaction with the runs locked, so several instances never hand out
 * one site twice.
 */
export async function advanceUpdateRuns(services: Services): Promise<{ started: number; closed: number }> {
  return withTransaction(services, async (tx) => {
    const now = tx.clock.now();
    const open = await rows<{
      id: number;
      status: string;
      title: string;
      canary: boolean;
      concurrency: number;
      starts_at: string;
      cancel_requested_at: string | null;
    }>(
      tx.db,
      sql`select id, status, title, canary, concurrency, starts_at, cancel_requested_at from update_runs
        where status in ('scheduled', 'running') order by id for update`,
    );
    let started = 0;
    let closed = 0;
    const busy = new Set(
      (
        await rows<{ server_id: string | null }>(
          tx.db,
          sql`select distinct server_id from update_run_sites
            where claimed_at is not null and finished_at is null and server_id is not null`,
        )
      ).map((r) => r.server_id),
    );
    for (const run of open) {
      if (run.status === 'scheduled') {
        if (!run.cancel_requested_at && new Date(run.starts_at) > now) continue;
        await tx.db
          .update(updateRuns)
          .set({ status: 'running', startedAt: now })
          .where(eq(updateRuns.id, run.id));
      }
      if (run.cancel_requested_at)
        await tx.db
          .update(updateRunSites)
          .set({
            status: 'skipped',
            reason: 'Cancelled before it started',
            finishedAt: now,
            items: itemsNotStarted,
          })
          .where(
            and(
              eq(updateRunSites.runId, run.id),
              isNull(updateRunSites.claimedAt),
              eq(updateRunSites.status, 'pending'),
            ),
          );
      const sites = await tx.db
        .select({
          id: updateRunSites.id,
          status: updateRunSites.status,
          serverId: updateRunSites.serverId,
          claimedAt: updateRunSites.claimedAt,
          finishedAt: updateRunSites.finishedAt,
          domain: updateRunSites.domain,
          position: updateRunSites.position,
        })
        .from(updateRunSites)
        .where(eq(updateRunSites.runId, run.id))
        .orderBy(asc(updateRunSites.position));
      // The canary: the first site planned to update. Until it verified, it runs alone; if it did not,
      // the others never start.
      const canary = run.canary ? sites.find((s) => s.position === 0 && s.status !== 'skipped') : undefined;
      let room = run.concurrency - sites.filter((s) => s.claimedAt && !s.finishedAt).length;
      if (canary?.finishedAt && canary.status !== 'done') {
        await tx.db
          .update(updateRunSites)
          .set({
            status: 'skipped',
            reason: `Not started: the canary site ${canary.domain} did not update cleanly`,
            finishedAt: now,
            items: itemsNotStarted,
          })
          .where(and(eq(updateRunSites.runId, run.id), isNull(updateRunSites.claimedAt)));
        room = 0;
      }
      // Servers with the most sites still waiting go first: one site per server at a time makes the
      // busiest server's queue the run's length, so it must never wait behind others' last sites.
      const waiting = new Map<string, number>();
      for (const s of sites)
        if (s.status === 'pending' && !s.claimedAt && s.serverId)
          waiting.set(s.serverId, (waiting.get(s.serverId) ?? 0) + 1);
      const order = [...sites].sort(
        (x, y) =>
          (waiting.get(y.serverId ?? '') ?? 0) - (waiting.get(x.serverId ?? '') ?? 0) ||
          x.position - y.position,
      );
      const handOut: number[] = [];
      for (const site of canary && canary.status !== 'done' ? sites : order) {
        if (room <= 0) break;
        if (site.status !== 'pending' || site.claimedAt || run.cancel_requested_at) continue;
        if (canary && site.id !== canary.id && canary.status !== 'done') break;
        if (site.serverId && busy.has(site.serverId)) continue;
        handOut.push(site.id);
        if (site.serverId) busy.add(site.serverId);
        room--;
      }
      if (handOut.length) {
        await tx.db.update(updateRunSites).set({ claimedAt: now }).where(inArray(updateRunSites.id, handOut));
        for (const runSiteId of handOut) await tx.jobs.send(UPDATE_SITE_JOB, { runSiteId }, { tx: tx.db });
        started += handOut.length;
      }
      const [left] = await rows<{ open: number; failed: number }>(
        tx.db,
        sql`select count(*) filter (where status not in (${sql.join(
          FINISHED.map((s) => sql`${s}`),
          sql`, `,
        )})) as open,
          count(*) filter (where status = 'failed') as failed
        from update_run_sites where run_id = ${run.id}`,
      );
      if (Number(left?.open ?? 0) === 0) {
        const status = run.cancel_requested_at
          ? 'cancelled'
          : Number(left?.failed ?? 0) > 0
            ? 'failed'
            : 'done';
        await tx.db.update(updateRuns).set({ status, finishedAt: now }).where(eq(updateRuns.id, run.id));
        await recordActivity(tx, {
          type: status === 'done' ? 'success' : 'warning',
          action: `updates.run_${status}`,
          message: `Update run ${run.title}: ${status === 'done' ? 'done' : status}`,
          link: `/updates/${run.id}`,
          verbatim: true,
        });
        closed++;
      }
    }
    return { started, closed };
  });
}

/** Every minute (once across instances) and whenever a run is created, cancelled or a site ends. */
export const advanceUpdatesJob = (services: Services): JobSpec => ({
  name: ADVANCE_UPDATES_JOB.name,
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 1,
  cron: '* * * * *',
  run: () => advanceUpdateRuns(services),
});
