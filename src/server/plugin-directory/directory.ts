import { inArray, sql } from 'drizzle-orm';
import type { Context } from '../core/context';
import { rows } from '../core/sql';
import { pluginDirectory } from '../db/schema';

/** What wordpress.org's directory said of one plugin slug, as this area keeps it. */
export type DirectoryAnswer =
  | { status: 'listed'; version: string | null }
  | { status: 'closed'; closedOn: string | null; reason: string | null }
  | { status: 'not_listed' };

export type DirectoryFact = {
  slug: string;
  status: 'listed' | 'closed' | 'not_listed';
  wasListed: boolean;
  latestVersion: string | null;
  closedOn: string | null;
  closedReason: string | null;
  checkedAt: Date;
};

/** How a plugin that vanished from the directory without a closure notice is described. */
export const LEFT_DIRECTORY = 'No longer listed on wordpress.org';

/**
 * Records what the directory answered for each slug. A slug once listed keeps `was_listed`: when it
 * later answers "never listed" (the directory no longer knows it) it counts as closed from the day
 * that was first seen, with any closure day and reason read before kept, never as a premium plugin.
 */
export async function recordDirectory(
  ctx: Pick<Context, 'db'>,
  answers: { slug: string; answer: DirectoryAnswer }[],
  at: Date,
): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  for (let i = 0; i < answers.length; i += 500) {
    const batch = answers.slice(i, i + 500).map(({ slug, answer }) => ({
      slug,
      status: answer.status,
      listed: answer.status !== 'not_listed',
      latest: answer.status === 'listed' ? answer.version : null,
      closed_on: answer.status === 'closed' ? answer.closedOn : null,
      reason: answer.status === 'closed' ? answer.reason : null,
    }));
    await ctx.db.execute(sql`
      insert into plugin_directory as d (slug, status, was_listed, latest_version, closed_on, closed_reason, checked_at)
      select x.slug, x.status, x.listed, x.latest, x.closed_on, x.reason, ${at}
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as x(slug text, status text, listed boolean, latest text, closed_on text, reason text)
      on conflict (slug) do update set
        status = case when excluded.status = 'not_listed' and d.was_listed then 'closed' else excluded.status end,
        was_listed = d.was_listed or excluded.was_listed,
        latest_version = case when excluded.status = 'listed' then excluded.latest_version else d.latest_version end,
        closed_on = case
          when excluded.status = 'closed' then coalesce(excluded.closed_on, d.closed_on, ${day})
          when excluded.status = 'not_listed' and d.was_listed then coalesce(d.closed_on, ${day})
          else null end,
        closed_reason = case
          when excluded.status = 'closed' then coalesce(excluded.closed_reason, d.closed_reason)
          when excluded.status = 'not_listed' and d.was_listed then coalesce(d.closed_reason, ${LEFT_DIRECTORY})
          else null end,
        checked_at = excluded.checked_at`);
  }
}

/** What the directory said of these slugs, for those it was asked about. */
export async function readDirectory(
  ctx: Pick<Context, 'db'>,
  slugs: string[],
): Promise<Map<string, DirectoryFact>> {
  if (slugs.length === 0) return new Map();
  const found = await ctx.db.select().from(pluginDirectory).where(inArray(pluginDirectory.slug, slugs));
  return new Map(found.map((r) => [r.slug, { ...r, status: r.status as DirectoryFact['status'] }]));
}

/** When the directory was last asked anything; null when never (closed and stale are then not checked). */
export async function directoryReadAt(ctx: Pick<Context, 'db'>): Promise<Date | null> {
  const [row] = await rows<{ at: Date | string | null }>(
    ctx.db,
    sql`select max(checked_at) as at from plugin_directory`,
  );
  return row?.at ? new Date(row.at) : null;
}

/**
 * The plugins the fleet runs that are due a question to the directory (never asked, or not since
 * `before`), one file and name per slug for the batched update check.
 */
export async function slugsDue(
  ctx: Pick<Context, 'db'>,
  before: Date,
): Promise<{ slug: string; file: string | null; name: string }[]> {
  return rows<{ slug: string; file: string | null; name: string }>(
    ctx.db,
    sql`
      select s.slug, min(s.file) as file, min(s.name) as name
      from website_software s left join plugin_directory d on d.slug = s.slug
      where s.type = 'plugin' and (d.slug is null or d.checked_at < ${before})
      group by s.slug order by s.slug`,
  );
}
