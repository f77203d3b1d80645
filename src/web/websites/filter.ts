import type { Site } from '@shared/sites';
import type { Tag } from '@shared/tags';
import type { Website } from '@shared/websites';

export const ALL = 'all';

export interface SiteFilters {
  search: string;
  /** A server id as text, or ALL. */
  serverId: string;
  /** A tag id as text, or ALL. */
  tagId: string;
}

export type WebsiteMap = ReadonlyMap<number, Pick<Website, 'tags' | 'environment'>>;

/** Internal websites by id, built once per websites response (sites carry website_id). */
export function websitesById<W extends Pick<Website, 'id'>>(
  websites: readonly W[] | undefined,
): Map<number, W> {
  return new Map((websites ?? []).map((website) => [website.id, website]));
}

/** The tags of a site's internal website (none when it has no internal record). */
export function siteTags(site: Pick<Site, 'website_id'>, websites: WebsiteMap): Tag[] {
  return (site.website_id === null ? undefined : websites.get(site.website_id)?.tags) ?? [];
}

/** Sites matching the search (part of the url, any case), the server and the tag. */
export function filterSites(sites: readonly Site[], filters: SiteFilters, websites: WebsiteMap): Site[] {
  const term = filters.search.trim().toLowerCase();
  const serverId = filters.serverId === ALL ? undefined : Number(filters.serverId);
  const tagId = filters.tagId === ALL ? undefined : Number(filters.tagId);
  return sites.filter((site) => {
    if (term && !site.url.toLowerCase().includes(term)) return false;
    if (serverId !== undefined && site.server_id !== serverId) return false;
    if (tagId !== undefined && !siteTags(site, websites).some((tag) => tag.id === tagId)) return false;
    return true;
  });
}

/** Staging: the internal record says so, else GridPane's site type or a "staging." address (as the sync does). */
export function isStaging(site: Pick<Site, 'url' | 'type'>, website?: Pick<Website, 'environment'>): boolean {
  if (website) return website.environment === 'staging';
  return site.type === 'staging' || /^staging\./i.test(site.url);
}
