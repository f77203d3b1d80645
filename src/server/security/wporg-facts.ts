import type { Context } from '../core/context';
import { readCacheMap, readCacheState } from '../provider-cache';
import { type CoreRelease, wporgReleases } from '../providers/wporg/keys';

export type CoreVerdict = CoreRelease['verdict'];

/**
 * wordpress.org's verdict on every WordPress release as last read (latest, outdated, insecure); null
 * while it was never read, so a site's core is then "not checked" rather than fine.
 */
export async function coreVerdicts(ctx: Pick<Context, 'db'>): Promise<Map<string, CoreVerdict> | null> {
  const [state, releases] = await Promise.all([
    readCacheState(ctx, wporgReleases),
    readCacheMap<CoreRelease>(ctx, wporgReleases),
  ]);
  if (state.syncedAt === null && releases.size === 0) return null;
  return new Map([...releases].map(([version, r]) => [version, r.verdict]));
}
