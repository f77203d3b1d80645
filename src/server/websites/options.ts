import { sql } from 'drizzle-orm';
import type { WebsiteOption } from '../../shared/websites';
import type { Context } from '../core/context';
import { clientInScope } from '../core/scope';
import { rowsOf } from '../core/sql';

/** A few hosted websites whose domain contains the text, with their client: pickers never load the fleet. */
export async function websiteOptions(
  ctx: Pick<Context, 'db' | 'actor'>,
  q: string | undefined,
  limit: number,
) {
  const { db } = ctx;
  const like = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = rowsOf<{
    id: number;
    domain: string;
    client_id: number | null;
    client_name: string | null;
    total: number;
  }>(
    await db.execute(sql`
      select w.id, w.domain, c.id as client_id, c.name as client_name, count(*) over () as total
      from websites w left join clients c on c.id = w.client_id
      where not w.removed and ${clientInScope(ctx, sql`w.client_id`)}
        ${like ? sql`and w.domain like ${like}` : sql``}
      order by (w.domain like ${like ? `${like.slice(1)}` : '%'}) desc, w.domain
      limit ${limit}`),
  );
  const data: WebsiteOption[] = rows.map((r) => ({
    id: Number(r.id),
    domain: r.domain,
    client: r.client_id === null ? null : { id: Number(r.client_id), name: r.client_name ?? '' },
  }));
  return { data, total: rows.length ? Number(rows[0]!.total) : 0 };
}
