import { type SQL, sql } from 'drizzle-orm';
import type { Context } from '../core/context';
import { rowsOf } from '../core/sql';

/**
 * The windows on at `at`, as SQL over maintenance_windows (alias `m` unless given): started, not ended
 * early, and within the duration of its (weekly) occurrence.
 */
const activeAt = (at: Date, m: SQL = sql.raw('m')) => sql`${m}.starts_at <= ${at}
  and (${m}.ended_at is null or ${m}.ended_at > ${at})
  and (case when ${m}.repeat = 'weekly'
         then mod(extract(epoch from (${at}::timestamptz - ${m}.starts_at)) * 1000, ${7 * 86_400_000}) < ${m}.duration_minutes * 60000
         else ${at}::timestamptz < ${m}.starts_at + ${m}.duration_minutes * interval '1 minute' end)`;

/**
 * The window that covers a website at `at` (by the website, its check, its client or its server), as
 * a subquery over `websites w` and the website's check id: its id and when it began (a weekly
 * window's current occurrence). What a website's health calls "maintenance".
 */
export const coveringWindowSql = (w: SQL, checkId: SQL, at: Date) => sql`select mw.id,
    case when mw.repeat = 'weekly'
      then ${at}::timestamptz - make_interval(secs => mod(extract(epoch from (${at}::timestamptz - mw.starts_at)) * 1000, ${7 * 86_400_000}) / 1000)
      else mw.starts_at end as began
  from maintenance_windows mw
  where ${activeAt(at, sql.raw('mw'))}
    and (${w}.id = any(mw.website_ids) or ${checkId} = any(mw.check_ids)
      or (mw.client_id is not null and mw.client_id = ${w}.client_id)
      or (mw.server_id is not null and mw.server_id = ${w}.server_id))
  order by mw.starts_at, mw.id
  limit 1`;

/** Which of these checks a maintenance window covers at `at` (by check, website, client or server). */
export async function checksInMaintenance(
  ctx: Pick<Context, 'db'>,
  checkIds: number[],
  at: Date,
): Promise<Set<number>> {
  const { db } = ctx;
  if (checkIds.length === 0) return new Set();
  const rows = await db.execute<{ id: number }>(sql`
    select distinct c.id from checks c
    left join websites w on w.id = c.website_id
    join maintenance_windows m on ${activeAt(at)}
      and (c.id = any(m.check_ids) or c.website_id = any(m.website_ids)
           or (m.client_id is not null and w.client_id = m.client_id)
           or (m.server_id is not null and w.server_id = m.server_id))
    where c.id in ${sql.raw(`(${checkIds.map(Number).join(',')})`)}`);
  return new Set(rowsOf<{ id: number }>(rows).map((r) => Number(r.id)));
}

/** Which of these websites a maintenance window covers at `at` (Better Uptime monitors are matched to websites). */
export async function websitesInMaintenance(
  ctx: Pick<Context, 'db'>,
  websiteIds: number[],
  at: Date,
): Promise<Set<number>> {
  const { db } = ctx;
  if (websiteIds.length === 0) return new Set();
  const rows = await db.execute<{ id: number }>(sql`
    select distinct w.id from websites w
    join maintenance_windows m on ${activeAt(at)}
      and (w.id = any(m.website_ids)
           or exists (select 1 from checks c where c.website_id = w.id and c.id = any(m.check_ids))
           or (m.client_id is not null and w.client_id = m.client_id)
           or (m.server_id is not null and w.server_id = m.server_id))
    where w.id in ${sql.raw(`(${websiteIds.map(Number).join(',')})`)}`);
  return new Set(rowsOf<{ id: number }>(rows).map((r) => Number(r.id)));
}
