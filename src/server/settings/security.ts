import { eq, type SQL, sql } from 'drizzle-orm';
import { ROLES, type Role, type SecurityPolicy, TWO_FACTOR_GRACE_DAYS } from '../../shared/auth';
import { recordActivity } from '../activity';
import { type Context, withTransaction } from '../core/context';
import { agencySettings, users } from '../db/schema';

const ROW = 1;

/** The agency's security rules: which roles must sign in with two factors. */
export async function getSecurityPolicy(ctx: Pick<Context, 'db'>): Promise<SecurityPolicy> {
  const [row] = await ctx.db
    .select({ roles: agencySettings.twoFactorRoles })
    .from(agencySettings)
    .where(eq(agencySettings.id, ROW));
  const roles = row?.roles ?? {};
  return { requireTwoFactor: ROLES.filter((r) => roles[r]), graceDays: TWO_FACTOR_GRACE_DAYS };
}

/**
 * Sets the roles that must use two-factor sign-in. A role already required keeps the moment its rule
 * began (saving again never restarts anyone's grace week); a newly required role starts it now.
 */
export async function updateSecurityPolicy(ctx: Context, requireTwoFactor: Role[]): Promise<SecurityPolicy> {
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select({ roles: agencySettings.twoFactorRoles })
      .from(agencySettings)
      .where(eq(agencySettings.id, ROW))
      .for('update');
    const before = row?.roles ?? {};
    const now = tx.clock.now().toISOString();
    const next: Partial<Record<Role, string>> = {};
    for (const role of ROLES) if (requireTwoFactor.includes(role)) next[role] = before[role] ?? now;
    await tx.db
      .insert(agencySettings)
      .values({ id: ROW, twoFactorRoles: next })
      .onConflictDoUpdate({ target: agencySettings.id, set: { twoFactorRoles: next } });
    const names = ROLES.filter((r) => next[r]);
    await recordActivity(tx, {
      type: 'info',
      action: 'settings.security_updated',
      message: names.length
        ? `required two-factor sign-in for ${names.join(', ')}`
        : 'stopped requiring two-factor sign-in',
      link: '/settings#security',
    });
  });
  return getSecurityPolicy(ctx);
}

/** Whether the agency requires two-factor sign-in of this role. */
export async function twoFactorRequiredFor(ctx: Pick<Context, 'db'>, role: Role): Promise<boolean> {
  return (await getSecurityPolicy(ctx)).requireTwoFactor.includes(role);
}

/**
 * For a query over `users`: when the agency's rule requires this person to have two-factor sign-in on,
 * as a timestamp (the rule's start, or their joining when later, plus the grace week); null when no
 * rule covers their role or it is on. Part of the session and token lookups, so it costs no query.
 */
export function twoFactorDueSql(): SQL<Date | string | null> {
  return sql<Date | string | null>`case when ${users.totpSecret} is null then (
    select greatest((s.two_factor_roles ->> ${users.role})::timestamptz, ${users.createdAt})
      + make_interval(days => ${TWO_FACTOR_GRACE_DAYS})
    from agency_settings s
    where s.id = ${ROW} and s.two_factor_roles ? ${users.role}) end`;
}

/** The driver's answer for `twoFactorDueSql` (a Date, or a string on some drivers) as a Date. */
export const dueDate = (value: Date | string | null | undefined): Date | null =>
  value == null ? null : new Date(value);
