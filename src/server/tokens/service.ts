import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { SessionUser, SignedInUser } from '../../shared/auth';
import type { ApiToken, CreatedToken, CreateTokenRequest } from '../../shared/tokens';
import { recordActivity } from '../activity';
import { signedInColumns, signedInUser } from '../auth';
import type { Clock } from '../core/clock';
import { type Context, withTransaction } from '../core/context';
import { notFound } from '../core/errors';
import { randomToken, sha256 } from '../core/tokens';
import { apiTokens, users } from '../db/schema';

/** Tokens start with this, so a person (and a secret scanner) can tell what one is. */
export const TOKEN_PREFIX = 'ahp_';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Last used is written at most once a minute per token, not on every request. */
export const LAST_USED_EVERY_MS = 60_000;

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  readOnly: apiTokens.readOnly,
};
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A new token for `me`: 256 random bits, of which only the SHA-256 is kept. Shown this once. */
export async function createToken(
  ctx: WriteContext,
  me: SessionUser,
  input: CreateTokenRequest,
): Promise<CreatedToken> {
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  const now = ctx.clock.now();
  const expiresAt =
    input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const id = await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(apiTokens)
      .values({
        userId: me.id,
        name: input.name,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt,
        readOnly: input.readOnly ?? false,
      })
      .returning({ id: apiTokens.id });
    await recordActivity(tx, {
      type: 'info',
      action: 'token.created',
      message: `created the ${input.readOnly ? 'read-only ' : ''}API token "${input.name}"`,
      link: '/settings',
    });
    return row!.id;
  });
  return { id, name: input.name, token, expiresAt: iso(expiresAt), readOnly: input.readOnly ?? false };
}

/** Your tokens that still work, newest first; never their secret. */
export async function listTokens(
  ctx: Pick<Context, 'db'>,
  clock: Clock,
  userId: number,
): Promise<ApiToken[]> {
  const { db } = ctx;
  const rows = await db
    .select(listed)
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, clock.now())),
      ),
    )
    .orderBy(desc(apiTokens.id));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    expiresAt: iso(r.expiresAt),
    lastUsedAt: iso(r.lastUsedAt),
  }));
}

/** Revokes one of your tokens at once; another account's id is a 404, as if it did not exist. */
export async function revokeToken(ctx: WriteContext, me: SessionUser, id: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, me.id)))
      .returning({ name: apiTokens.name });
    if (!row) throw notFound('No such API token: it may have been revoked already.');
    await recordActivity(tx, {
      type: 'warning',
      action: 'token.revoked',
      message: `revoked the API token "${row.name}"`,
      link: '/settings',
    });
  });
}

/** What a write needs: its transaction, the clock and who acts. */
type WriteContext = Pick<Context, 'db' | 'clock' | 'actor'>;

/** Ends every API token of an account (a password reset: the old credentials may be an intruder's). */
export async function revokeUserTokens(ctx: Pick<Context, 'db'>, userId: number): Promise<number> {
  const { db } = ctx;
  const rows = await db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
  return rows.length;
}

/** The owner of a token that exists and has not expired; notes its use at most once a minute. */
export async function findTokenUser(
  ctx: Pick<Context, 'db'>,
  clock: Clock,
  token: string,
): Promise<{ user: SignedInUser; tokenId: number; tokenName: string; readOnly: boolean } | undefined> {
  const { db } = ctx;
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 128) return undefined;
  const now = clock.now();
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      ...signedInColumns(),
      lastUsedAt: apiTokens.lastUsedAt,
      readOnly: apiTokens.readOnly,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, sha256(token)),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    // Conditional, so two requests in the same minute write once.
    const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, row.tokenId),
          or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, stale)),
        ),
      );
  }
  return {
    user: signedInUser(row),
    tokenId: row.tokenId,
    tokenName: row.tokenName,
    readOnly: row.readOnly,
  };
}
