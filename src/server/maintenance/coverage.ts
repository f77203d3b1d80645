import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The windows on at `at`, as SQL over maintenance_windows m: started, not ended early, and within the
 * duration of its (weekly) occurrence.
 */
const activeAt = (at: Date) => sql`m.starts_at <= ${at}
  and (m.ended_at is null or m.ended_at > ${at})
  and (case when m.repeat = 'weekly'
         then mod(extract(epoch from (${at}::timestamptz - m.starts_at)) * 1000, ${7 * 86_400_000}) < m.duration_minutes * 60000
         else ${at}::timestamptz < m.starts_at + m.duration_minutes * interval '1 minute' end)`;

/** Which of these checks a maintenance window covers at `at` (by check, website, client or server). */
export async function checksInMaintenance(db: Db, checkIds: number[], at: Date): Promise<Set<number>> {
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

/** Whether a window covers this website now (Better Uptime monitors are matched to websites). */
export async function websiteInMaintenance(db: Db, websiteId: number, at: Date): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from websites w
    join maintenance_windows m on ${activeAt(at)}
      and (w.id = any(m.website_ids)
           or exists (select 1 from checks c where c.website_id = w.id and c.id = any(m.check_ids))
           or (m.client_id is not null and w.client_id = m.client_id)
           or (m.server_id is not null and w.server_id = m.server_id))
    where w.id = ${websiteId} limit 1`);
  return rowsOf(rows).length > 0;
}

/** db.execute answers { rows } on node-postgres and PGlite alike. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
