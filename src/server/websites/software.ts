import { asc, eq } from 'drizzle-orm';
import type { WebsiteSoftware } from '../../shared/websites';
import type { Context } from '../core/context';
import type { websiteFacts } from '../db/schema';
import { websiteSoftware } from '../db/schema';

type Facts = typeof websiteFacts.$inferSelect | undefined;

/**
 * Why a website's plugins are not known, from what its HD Snapshot plugin last did; null when they are.
 * A site whose list nobody reported is "not checked", never "nothing installed".
 */
export function notCheckedReason(
  facts: Pick<NonNullable<Facts>, 'softwareAt' | 'attemptedAt' | 'snapshotOk' | 'snapshotError'> | undefined,
): string | null {
  if (facts?.softwareAt) return null;
  if (!facts?.attemptedAt) return 'HD Snapshot has not been read on this site yet';
  if (facts.snapshotOk === false)
    return `HD Snapshot did not answer${facts.snapshotError ? `: ${facts.snapshotError}` : ''}`;
  return 'Its HD Snapshot plugin does not report the plugin list (schema 1): update the plugin on the site';
}

/** The plugins and themes a website runs, as last listed, with when and by whom; or why not known. */
export async function readWebsiteSoftware(
  ctx: Pick<Context, 'db'>,
  websiteId: number,
  facts: Facts,
): Promise<WebsiteSoftware> {
  const reason = notCheckedReason(facts);
  const rows = reason
    ? []
    : await ctx.db
        .select()
        .from(websiteSoftware)
        .where(eq(websiteSoftware.websiteId, websiteId))
        .orderBy(asc(websiteSoftware.type), asc(websiteSoftware.name), asc(websiteSoftware.slug));
  const entry = (r: (typeof rows)[number]) => ({
    slug: r.slug,
    name: r.name,
    version: r.version,
    active: r.active,
    updateVersion: r.updateVersion,
  });
  return {
    checked: reason === null,
    reason,
    readAt: facts?.softwareAt?.toISOString() ?? null,
    source: facts?.softwareSource ?? null,
    plugins: rows.filter((r) => r.type === 'plugin').map(entry),
    themes: rows.filter((r) => r.type === 'theme').map(entry),
  };
}
