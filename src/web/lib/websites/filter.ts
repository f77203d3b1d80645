import { MONITOR_FILTER_HEALTH, SITE_MONITOR_FILTERS, SITE_STATUSES } from '@shared/sites';
import { HEALTH_STATES, type HealthState, WEBSITE_HOSTS, WEBSITE_SORTS } from '@shared/websites';
import type { ListParams } from '@web/lib/use-list-params';

/** The Websites page's view, as it stands in the address (`monitor` only as old links have it). */
export const WEBSITE_PARAM_KEYS = [
  'q',
  'server',
  'tag',
  'status',
  'health',
  'monitor',
  'client',
  'host',
  'sort',
  'pageSize',
] as const;
export type WebsiteParams = ListParams<(typeof WEBSITE_PARAM_KEYS)[number]>;
export const WEBSITES_PAGE_SIZE = 50;

/** Rows per page: 50, or what the address asks for (`pageSize`, 10–200). */
export function websitesPageSize(params: Pick<WebsiteParams, 'pageSize'>): number {
  const n = Number(params.pageSize);
  return Number.isInteger(n) && n >= 10 && n <= 200 ? n : WEBSITES_PAGE_SIZE;
}

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.find((v) => v === value);

/** The health the address asks for: `health`, else an old link's `monitor` read as the health it meant. */
export function healthParam(params: Pick<WebsiteParams, 'health' | 'monitor'>): HealthState | undefined {
  const monitor = oneOf(SITE_MONITOR_FILTERS, params.monitor);
  return oneOf(HEALTH_STATES, params.health) ?? (monitor && MONITOR_FILTER_HEALTH[monitor]);
}

/** The sort the address asks for, if it is one the list knows ("health", "-php" …); none is by domain. */
export function sortParam(params: Pick<WebsiteParams, 'sort'>): string | undefined {
  const field = params.sort?.replace(/^-/, '');
  return oneOf(WEBSITE_SORTS, field) ? params.sort : undefined;
}

/**
 * What the list asks the server for, from the address: its search, filters and sort. The CSV export
 * takes exactly this, so it holds what the list shows. Values the server would refuse are left out.
 */
export function websiteListQuery(params: WebsiteParams) {
  return {
    q: params.q,
    serverId: params.server,
    tagId: params.tag,
    status: oneOf(SITE_STATUSES, params.status),
    health: healthParam(params),
    clientId: params.client,
    host: oneOf(WEBSITE_HOSTS, params.host),
    sort: sortParam(params),
  };
}
