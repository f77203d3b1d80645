import { and, desc, eq, gt } from 'drizzle-orm';
import type { RememberedBrowser } from '../../shared/auth';
import type { Clock } from '../core/clock';
import type { Context } from '../core/context';
import { notFound } from '../core/errors';
import { randomToken, sha256 } from '../core/tokens';
import { rememberedBrowsers } from '../db/schema';
import type { ClientInfo } from './sessions';

/** The cookie of a remembered browser: sent only to the sign-in route, for as long as it is good. */
export const REMEMBERED_BROWSER_COOKIE = 'ah_2fa_browser';
export const REMEMBERED_BROWSER_PATH = '/api/auth/login';
export const REMEMBERED_BROWSER_DAYS = 30;

/** Remembers this browser for the person (after a sign-in that took a code); the cookie's token. */
export async function rememberBrowser(
  ctx: Pick<Context, 'db'>,
  clock: Clock,
  userId: number,
  client: ClientInfo,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + REMEMBERED_BROWSER_DAYS * 86_400_000);
  await ctx.db.insert(rememberedBrowsers).values({
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

/** Whether this cookie remembers this browser for this person (and notes its use). */
export async function isRememberedBrowser(
  ctx: Pick<Context, 'db'>,
  clock: Clock,
  userId: number,
  token: string | undefined,
): Promise<boolean> {
  if (!token || token.length > 128) return false;
  const now = clock.now();
  const used = await ctx.db
    .update(rememberedBrowsers)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(rememberedBrowsers.tokenHash, sha256(token)),
        eq(rememberedBrowsers.userId, userId),
        gt(rememberedBrowsers.expiresAt, now),
      ),
    )
    .returning({ id: rememberedBrowsers.id });
  return used.length > 0;
}

/** The person's remembered browsers, newest first (expired ones left out). */
export async function listRememberedBrowsers(
  ctx: Pick<Context, 'db'>,
  clock: Clock,
  userId: number,
): Promise<RememberedBrowser[]> {
  const rows = await ctx.db
    .select()
    .from(rememberedBrowsers)
    .where(and(eq(rememberedBrowsers.userId, userId), gt(rememberedBrowsers.expiresAt, clock.now())))
    .orderBy(desc(rememberedBrowsers.createdAt));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    ip: r.ip,
    userAgent: r.userAgent,
  }));
}

/** Forgets one of the person's remembered browsers (404 when it is not theirs). */
export async function forgetBrowser(ctx: Pick<Context, 'db'>, userId: number, id: number): Promise<void> {
  const gone = await ctx.db
    .delete(rememberedBrowsers)
    .where(and(eq(rememberedBrowsers.id, id), eq(rememberedBrowsers.userId, userId)))
    .returning({ id: rememberedBrowsers.id });
  if (!gone.length) throw notFound('That browser is not remembered for your account.');
}

/** Forgets every browser remembered for the person. */
export async function forgetAllBrowsers(ctx: Pick<Context, 'db'>, userId: number): Promise<void> {
  await ctx.db.delete(rememberedBrowsers).where(eq(rememberedBrowsers.userId, userId));
}
