import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { uptimeQuery } from '../../shared/uptime';
import { domainInScope, type ScopeContext, websiteInScope } from '../core/scope';
import { inCache, likePattern } from '../core/sql';
import { monitorLastCheckedSql } from '../providers/betteruptime/columns';
import { monitorsKey } from '../providers/betteruptime/keys';

type Query = z.output<typeof uptimeQuery>;

/** A row's place in the list: what the two sources are sorted and merged by. */
export type SortKey = {
  source: 'check' | 'monitor';
  id: string;
  sort_name: string;
  status: string;
  last_checked_at: string | null;
  status_rank: number;
};

/** One of our checks among the first rows, with everything its row shows but the 30-day figures. */
export type CheckFirst = SortKey & {
  name: string;
  url: string;
  response_ms: number | null;
  frequency: number | null;
  website_id: number | null;
};

// Down first, then what needs a look, then the rest; a sort on status follows this order.
const STATUS_RANK = sql.raw(`case status when 'down' then 0 when 'maintenance' then 1 when 'pending' then 2
  when 'validating' then 3 when 'unknown' then 4 when 'paused' then 5 else 6 end`);

/** The list's order on a relation's columns (`prefix` names it), ties broken by source and id. */
export function orderOf(q: Query, prefix = ''): SQL {
  const desc = q.sort.startsWith('-');
  const key = q.sort.replace(/^-/, '');
  const k = prefix;
  if (key === 'name') return sql.raw(`${k}sort_name ${desc ? 'desc' : 'asc'}, ${k}source, ${k}id`);
  if (key === 'status')
    return sql.raw(`${k}status_rank ${desc ? 'desc' : 'asc'}, ${k}sort_name, ${k}source, ${k}id`);
  return sql.raw(
    `${k}last_checked_at ${desc ? 'asc' : 'desc'} nulls last, ${k}sort_name, ${k}source, ${k}id`,
  );
}

/**
 * Each source's rows as list columns (no JSON read for 20,000 monitors unless sorted by last check),
 * within the clients of a person limited to some: their websites' checks, and the monitors of their
 * websites' domains.
 */
export const checkRows = (ctx: ScopeContext) => sql`(select 'check' as source, c.id::text as id,
    lower(c.name) as sort_name, case when c.paused then 'paused' else c.status end as status,
    c.last_checked_at as last_checked_at, lower(c.name) || ' ' || lower(c.url) as search, c.name, c.url,
    c.last_response_ms as response_ms, c.interval_seconds as frequency, c.website_id
  from checks c where ${websiteInScope(ctx, sql`c.website_id`)}) u`;

export const monitorRows = (
  q: Query,
  ctx: ScopeContext,
) => sql`(select 'monitor' as source, r.external_id as id,
    r.sort_key as sort_name, r.status as status,
    ${q.sort.endsWith('lastChecked') ? sql`(${monitorLastCheckedSql(sql.raw('r'))})::timestamptz` : sql`null::timestamptz`}
      as last_checked_at, r.search as search
  from provider_records r where ${inCache('r', monitorsKey)} and ${domainInScope(ctx, sql`r.domain`)}) u`;

/** The rows of a source the query's text and status keep. */
export function matching(q: Query, from: SQL): SQL {
  const filters = [
    q.q ? sql`search like ${likePattern(q.q)}` : undefined,
    q.status ? sql`status = ${q.status}` : undefined,
  ].filter((f): f is SQL => f !== undefined);
  return sql`${from} ${filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``}`;
}

/**
 * The page is among the first page × pageSize rows of each source: each source's are cut on its own,
 * as a JSON array in the list's order (one column of a larger statement).
 */
export const firstRows = (q: Query, from: SQL, details = false) =>
  sql`(select coalesce(json_agg(f order by ${orderOf(q, 'f.')}), '[]') from (
    select u.source, u.id, u.sort_name, u.status, u.last_checked_at, ${STATUS_RANK} as status_rank
      ${details ? sql`, u.name, u.url, u.response_ms, u.frequency, u.website_id` : sql``}
    from ${matching(q, from)}
    order by ${orderOf(q)} limit ${q.page * q.pageSize}) f)`;

/** The page's sort keys when both sources have rows before its end: merged and cut in SQL. */
export function mergedPage(q: Query, keys: SortKey[]): SQL {
  return sql`select k.source, k.id from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
      as k(source text, id text, sort_name text, status text, last_checked_at timestamptz, status_rank int)
    order by ${orderOf(q, 'k.')}
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`;
}
