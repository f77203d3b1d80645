import { and, eq, gt } from 'drizzle-orm';
import type { DismissFindingBody, FindingDismissal } from '../../shared/security';
import type { Context } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { securityDismissals, users } from '../db/schema';
import { websiteFindingId } from '../vulnerabilities';

/** The findings set aside on a website and not expired, by finding id. */
export async function readDismissals(
  ctx: Pick<Context, 'db' | 'clock'>,
  websiteId: number,
): Promise<Map<string, FindingDismissal>> {
  const rows = await ctx.db
    .select({ d: securityDismissals, by: users.username })
    .from(securityDismissals)
    .leftJoin(users, eq(users.id, securityDismissals.dismissedBy))
    .where(and(eq(securityDismissals.websiteId, websiteId), gt(securityDismissals.until, ctx.clock.now())));
  return new Map(
    rows.map(({ d, by }) => [
      websiteFindingId(d.websiteId, d.vulnerabilityId, d.type, d.slug),
      { reason: d.reason, until: d.until.toISOString(), by, at: d.dismissedAt.toISOString() },
    ]),
  );
}

export const NO_FINDING = 'No such finding on this website: it may have been fixed since the page was read';

/** "<website id>:<vulnerability id>:<type>:<slug>" back into its parts; a 404 for anything else. */
export function parseWebsiteFindingId(id: string) {
  const m = /^([1-9][0-9]{0,9}):([A-Za-z0-9-]{1,64}):(plugin|theme|core):([a-z0-9._-]{1,200})$/i.exec(id);
  if (!m) throw notFound(NO_FINDING);
  return { websiteId: Number(m[1]), vulnerabilityId: m[2]!, type: m[3]!, slug: m[4]! };
}

/**
 * Sets a finding aside on one website until `until` (in the future), with the reason; a finding set
 * aside again gets the new reason and expiry. The caller has checked the finding is on the website.
 */
export async function saveDismissal(
  ctx: Context,
  id: string,
  body: DismissFindingBody,
): Promise<FindingDismissal> {
  const finding = parseWebsiteFindingId(id);
  const now = ctx.clock.now();
  const until = new Date(body.until);
  if (until <= now)
    throw badRequest('until must be in the future: the finding comes back on that day', {
      until: ['Pick a day in the future'],
    });
  const values = {
    ...finding,
    reason: body.reason,
    until,
    dismissedBy: ctx.actor?.id ?? null,
    dismissedAt: now,
  };
  await ctx.db
    .insert(securityDismissals)
    .values(values)
    .onConflictDoUpdate({
      target: [
        securityDismissals.websiteId,
        securityDismissals.vulnerabilityId,
        securityDismissals.type,
        securityDismissals.slug,
      ],
      set: { reason: values.reason, until, dismissedBy: values.dismissedBy, dismissedAt: now },
    });
  return {
    reason: body.reason,
    until: until.toISOString(),
    by: ctx.actor?.username ?? null,
    at: now.toISOString(),
  };
}

/** Opens a dismissed finding again; false when it was not dismissed. */
export async function dropDismissal(ctx: Pick<Context, 'db'>, id: string): Promise<boolean> {
  const f = parseWebsiteFindingId(id);
  const dropped = await ctx.db
    .delete(securityDismissals)
    .where(
      and(
        eq(securityDismissals.websiteId, f.websiteId),
        eq(securityDismissals.vulnerabilityId, f.vulnerabilityId),
        eq(securityDismissals.type, f.type),
        eq(securityDismissals.slug, f.slug),
      ),
    )
    .returning({ websiteId: securityDismissals.websiteId });
  return dropped.length > 0;
}
