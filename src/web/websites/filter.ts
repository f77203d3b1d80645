import type { Site } from '@shared/sites';
import type { Website } from '@shared/websites';

/** Staging: the internal record says so, else GridPane's site type or a "staging." address (as the sync does). */
export function isStaging(site: Pick<Site, 'url' | 'type'>, website?: Pick<Website, 'environment'>): boolean {
  if (website) return website.environment === 'staging';
  return site.type === 'staging' || /^staging\./i.test(site.url);
}
