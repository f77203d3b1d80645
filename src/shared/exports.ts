import { z } from 'zod';
import { qParam, sortParam } from './lists';
import { WEBSITE_SORTS, websiteFilters } from './websites';

const optionalId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive(`${name} must be a positive id`)
    .optional();

/**
 * GET /api/websites/export.csv: exactly the Websites list's query (its search, filters and sort), so
 * "export what I see" is what the list shows, without paging.
 */
export const websitesExportQuery = z.strictObject({
  q: qParam.optional(),
  sort: sortParam(WEBSITE_SORTS).optional(),
  ...websiteFilters,
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
