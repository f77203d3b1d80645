import { sql } from 'drizzle-orm';
import { pageOf } from '../../shared/lists';
import type { ReportUpdate } from '../../shared/reports';
import type {
  UpdateRun,
  UpdateRunCounts,
  UpdateRunListItem,
  UpdateRunPage,
  UpdateRunSite,
} from '../../shared/updates';
import { notFound } from '../core/errors';
import { json, rows } from '../core/sql';
import type { Services } from '../services';
import { runVisible } from './runs';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

type RunRow = Record<string, unknown>;

const COUNTS = sql`(select json_build_object(
    'sites', count(*),
    'pending', count(*) filter (where s.status = 'pending' and s.claimed_at is null),
    'running', count(*) filter (where s.claimed_at is not null and s.finished_at is null),
    'done', count(*) filter (where s.status = 'done'),
    'rolledBack', count(*) filter (where s.status = 'rolled-back'),
    'failed', count(*) filter (where s.status = 'failed'),
    'skipped', count(*) filter (where s.status = 'skipped'))
  from update_run_sites s where s.run_id = r.id)`;

function headOf(r: RunRow): UpdateRunListItem {
  const counts = json<Record<keyof UpdateRunCounts, number | string>>(r.counts);
  return {
    id: Number(r.id),
    status: r.status as UpdateRunListItem['status'],
    title: String(r.title),
    requestedBy: r.requested_by == null ? null : { id: Number(r.requested_by), name: String(r.username) },
    createdAt: iso(r.created_at)!,
    startsAt: iso(r.starts_at)!,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
    cancelRequestedAt: iso(r.cancel_requested_at),
    canary: Boolean(r.canary),
    concurrency: Number(r.concurrency),
    counts: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])) as UpdateRunCounts,
  };
}

const HEAD = sql`r.*, u.username, ${COUNTS} as counts`;

/** The runs a person may see, newest first. */
export async function listUpdateRuns(
  ctx: Services,
  q: { page?: number; pageSize?: number },
): Promise<UpdateRunPage> {
  const { page, pageSize, offset } = pageOf(q);
  const [found, [count]] = await Promise.all([
    rows<RunRow>(
      ctx.db,
      sql`select ${HEAD} from update_runs r left join users u on u.id = r.requested_by
        where ${runVisible(ctx)} order by r.id desc limit ${pageSize} offset ${offset}`,
    ),
    rows<{ n: number | string }>(
      ctx.db,
      sql`select count(*) as n from update_runs r where ${runVisible(ctx)}`,
    ),
  ]);
  const total = Number(count?.n ?? 0);
  return { data: found.map(headOf), total, overall: total, page, pageSize };
}

/** One run with each site's items and steps (404 when it is not the person's to see). */
export async function readUpdateRun(ctx: Services, runId: number): Promise<UpdateRun> {
  const [r] = await rows<RunRow>(
    ctx.db,
    sql`select ${HEAD} from update_runs r left join users u on u.id = r.requested_by
      where r.id = ${runId} and ${runVisible(ctx)}`,
  );
  if (!r) throw notFound('Update run not found');
  const sites = await rows<RunRow>(
    ctx.db,
    sql`select s.*, (select coalesce(json_agg(json_build_object('step', t.step, 'at', t.at, 'result', t.result,
        'detail', t.detail) order by t.id), '[]') from update_run_steps t where t.run_site_id = s.id) as steps
      from update_run_sites s where s.run_id = ${runId} order by s.position`,
  );
  const items = json<{ type: string; slug?: string; targetVersion?: string }[]>(r.items);
  return {
    ...headOf(r),
    items: items.map((i) => ({
      type: i.type as UpdateRun['items'][number]['type'],
      slug: i.slug ?? null,
      targetVersion: i.targetVersion ?? null,
    })),
    skipBackupIfNewerThanMinutes: r.skip_backup_minutes == null ? null : Number(r.skip_backup_minutes),
    sites: sites.map(
      (s): UpdateRunSite => ({
        websiteId: Number(s.website_id),
        domain: String(s.domain),
        host: s.host as UpdateRunSite['host'],
        status: s.status as UpdateRunSite['status'],
        reason: (s.reason ?? null) as string | null,
        lastBackupAt: iso(s.last_backup_at),
        items: json<UpdateRunSite['items']>(s.items),
        steps: json<{ step: string; at: string; result: string; detail: string | null }[]>(s.steps).map(
          (t) => ({
            step: t.step as UpdateRunSite['steps'][number]['step'],
            at: iso(t.at)!,
            result: t.result as UpdateRunSite['steps'][number]['result'],
            detail: t.detail,
          }),
        ),
      }),
    ),
  };
}

/**
 * For a report: the updates each website had in [start, end), by when its site's steps ended: each
 * item that was updated (its version read back and the site healthy), rolled back, or left broken.
 */
export async function updatesOverPeriod(
  db: Services['db'],
  websiteIds: number[],
  period: { start: Date; end: Date },
): Promise<Map<number, ReportUpdate[]>> {
  const out = new Map<number, ReportUpdate[]>();
  if (websiteIds.length === 0) return out;
  const found = await rows<{ website_id: number; finished_at: string; items: unknown }>(
    db,
    sql`select website_id, finished_at, items from update_run_sites
      where website_id = any(${sql.raw(`'{${websiteIds.map(Number).join(',')}}'::int[]`)})
        and finished_at >= ${period.start.toISOString()}::timestamptz
        and finished_at < ${period.end.toISOString()}::timestamptz
      order by finished_at, id`,
  );
  for (const r of found) {
    const items = json<UpdateRunSite['items']>(r.items).filter(
      (i): i is typeof i & { result: ReportUpdate['result'] } =>
        i.result === 'updated' || i.result === 'rolled-back' || i.result === 'failed',
    );
    if (items.length === 0) continue;
    const list = out.get(Number(r.website_id)) ?? [];
    for (const i of items)
      list.push({
        type: i.type,
        slug: i.slug,
        from: i.from,
        to: i.to,
        at: iso(r.finished_at)!,
        result: i.result,
      });
    out.set(Number(r.website_id), list);
  }
  return out;
}
