import { z } from 'zod';
import { fleetFilters } from './sites';

const optionalId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive(`${name} must be a positive id`)
    .optional();

/** GET /api/websites/export.csv: the Websites list's filters (search, server, tag) and a client. */
export const websitesExportQuery = z.strictObject({
  q: z.string().trim().max(200, 'The search must be at most 200 characters').optional(),
  serverId: optionalId('serverId'),
  tagId: optionalId('tagId'),
  clientId: optionalId('clientId'),
  /** The Websites list's other filters: the site's status and its monitor (as GET /api/sites). */
  status: fleetFilters.status,
  monitor: fleetFilters.monitor,
});
export type WebsitesExportQuery = z.output<typeof websitesExportQuery>;

/** GET /api/incidents/export.csv: the Incidents page's filters, up to 10,000 rows. */
export const incidentsExportQuery = z.strictObject({
  status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).optional(),
  websiteId: optionalId('websiteId'),
  clientId: optionalId('clientId'),
  checkId: optionalId('checkId'),
  limit: z.coerce.number().int().min(1).max(10_000).default(10_000),
});

/** The address of a CSV export with the given filters (the web's buttons link to it). */
export function exportUrl(path: string, filters: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams(
    Object.entries(filters).flatMap(([k, v]) =>
      v === undefined || v === null || v === '' ? [] : [[k, String(v)]],
    ),
  ).toString();
  return query ? `${path}?${query}` : path;
}
