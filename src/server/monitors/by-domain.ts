import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../maintenance/coverage';
import { figuresKey, type MonitorFigures } from './figures';

export type DomainMonitor = {
  id: string;
  name: string;
  domain: string;
  status: string;
  figures: MonitorFigures | null;
};

/** Better Uptime monitors (with their cached 30-day figures) whose URL is one of these domains (indexed). */
export async function monitorsByDomain(db: Db, domains: string[]): Promise<Map<string, DomainMonitor>> {
  const out = new Map<string, DomainMonitor>();
  if (domains.length === 0) return out;
  const rows = rowsOf<{ id: string; name: string; domain: string; status: string; figures: unknown }>(
    await db.execute(sql`
      select r.external_id as id, r.domain,
        coalesce(nullif(r.data->'attributes'->>'pronounceable_name', ''), r.data->'attributes'->>'url') as name,
        r.data->'attributes'->>'status' as status, f.data as figures
      from provider_records r
      left join provider_records f on f.provider = ${figuresKey.provider} and f.kind = ${figuresKey.kind}
        and f.external_id = r.external_id
      where r.provider = 'betteruptime' and r.kind = 'monitors'
        and r.domain in (${sql.join(
          [...new Set(domains)].map((d) => sql`${d}`),
          sql`, `,
        )})
      order by r.external_id`),
  );
  for (const r of rows) {
    if (out.has(r.domain)) continue; // the first (lowest id) monitor of a domain stands for it
    out.set(r.domain, {
      id: String(r.id),
      name: r.name,
      domain: r.domain,
      status: r.status ?? 'unknown',
      figures: (r.figures as MonitorFigures | null) ?? null,
    });
  }
  return out;
}
