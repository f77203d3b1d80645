import { sql } from 'drizzle-orm';
import type { FleetQuery } from '../../shared/fleet';
import type { ClosedPlugins } from '../../shared/security';
import { keptRows } from '../core/cache/kept';
import { fleetWhere } from '../fleet';
import { directoryReadAt } from '../plugin-directory';
import type { Services } from '../services';

/** Sites named with each closed plugin; the count says how many there are in all. */
const SITES_SHOWN = 20;

/**
 * The closed plugins the selected websites run (client, server, tag): each with the day and reason
 * wordpress.org gives, most widespread first. Closed plugins get no more fixes, so each is a
 * replacement to plan whatever the vulnerability feed says of it.
 */
export async function closedPluginsOf(services: Services, q: FleetQuery): Promise<ClosedPlugins> {
  if ((await directoryReadAt(services)) === null) return { checked: false, items: [] };
  const found = await keptRows<{
    slug: string;
    name: string;
    closed_on: string | null;
    closed_reason: string | null;
    site_count: number;
    sites: { id: number; name: string }[];
  }>(
    services.db,
    { tables: ['websites', 'website_facts', 'website_tags', 'website_software', 'plugin_directory'] },
    sql`select s.slug, min(s.name) as name, d.closed_on, d.closed_reason, count(*)::int as site_count,
        (array_agg(json_build_object('id', w.id, 'name', w.name) order by w.name, w.id))[1:${SITES_SHOWN}] as sites
      from website_software s
      join plugin_directory d on d.slug = s.slug and d.status = 'closed'
      join websites w on w.id = s.website_id join website_facts f on f.website_id = w.id
      where ${fleetWhere(services, q)} and f.software_at is not null and s.type = 'plugin'
      group by s.slug, d.closed_on, d.closed_reason
      order by site_count desc, s.slug`,
  );
  return {
    checked: true,
    items: found.map((r) => ({
      slug: r.slug,
      name: r.name,
      closedOn: r.closed_on,
      reason: r.closed_reason,
      siteCount: Number(r.site_count),
      sites: r.sites,
    })),
  };
}
