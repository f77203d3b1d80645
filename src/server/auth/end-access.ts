import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../core/clock';
import type { Context } from '../core/context';
import { sha256 } from '../core/tokens';
import { passwordResetTokens, rememberedBrowsers, sessions } from '../db/schema';
import { revokeUserTokens } from '../tokens';

export type EndedAccess = { sessions: number; tokens: number; browsers: number; resetLinks: number };

/**
 * Ends everything a person's credentials left working: every session (but the one whose token is
 * kept, the browser asking), every personal API token, every remembered browser (which would skip the
 * code at the next sign-in) and every reset link not yet used. Changing the password, signing out
 * everywhere and resetting the password all end access this way, so whoever had taken the account
 * over keeps no way back in.
 */
export async function endAccountAccess(
  ctx: Pick<Context, 'db'>,
  clock: Clock,
  userId: number,
  keepSessionToken?: string,
): Promise<EndedAccess> {
  const mine = eq(sessions.userId, userId);
  const ended = await ctx.db
    .delete(sessions)
    .where(keepSessionToken ? and(mine, ne(sessions.tokenHash, sha256(keepSessionToken))) : mine)
    .returning({ tokenHash: sessions.tokenHash });
  const tokens = await revokeUserTokens(ctx, userId);
  const browsers = await ctx.db
    .delete(rememberedBrowsers)
    .where(eq(rememberedBrowsers.userId, userId))
    .returning({ id: rememberedBrowsers.id });
  // A used link stays as the record it is; an unused one can no longer be used.
  const links = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return { sessions: ended.length, tokens, browsers: browsers.length, resetLinks: links.length };
}
