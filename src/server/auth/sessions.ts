import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { SignedInUser } from '../../shared/auth';
import type { Clock } from '../core/clock';
import type { Context } from '../core/context';
import { randomToken, sha256 } from '../core/tokens';
import { sessions, users } from '../db/schema';
import { dueDate, twoFactorDueSql } from '../settings';

export const SESSION_COOKIE = 'ah_session';
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

export type NewSession = { token: string; expiresAt: Date; rememberMe: boolean };

export async function createSession(
  ctx: Pick<Context, 'db'>,
  clock: Clock,
  userId: number,
  rememberMe: boolean,
  /** The sign-in proved the second factor (a code or a recovery code). */
  secondFactor = false,
): Promise<NewSession> {
  const { db } = ctx;
  const token = randomToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + (rememberMe ? REMEMBER_ME_MS : BROWSER_SESSION_MS));
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    rememberMe,
    expiresAt,
    lastSeenAt: now,
    secondFactorAt: secondFactor ? now : null,
  });
  return { token, expiresAt, rememberMe };
}

/** Where a request comes from: shown in Settings beside each session. */
export type ClientInfo = { ip: string; userAgent: string | undefined };

/** Last seen is written at most once a minute per session, not on every request. */
export const LAST_SEEN_EVERY_MS = 60_000;

export async function findSessionUser(
  ctx: Pick<Context, 'db'>,
  clock: Clock,
  token: string,
  client?: ClientInfo,
): Promise<SignedInUser | undefined> {
  const { db } = ctx;
  const now = clock.now();
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      ...signedInColumns(),
      secondFactorAt: sessions.secondFactorAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;
  if (client && (row.ip === null || now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS)) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, ip: client.ip, userAgent: client.userAgent?.slice(0, 512) ?? null })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { ...signedInUser(row), secondFactorAt: row.secondFactorAt };
}

/** Records that this session has just proved the second factor. */
export async function noteSecondFactor(ctx: Pick<Context, 'db'>, clock: Clock, token: string): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ secondFactorAt: clock.now() })
    .where(eq(sessions.tokenHash, sha256(token)));
}

/** What a session or token lookup selects from `users` for the person it signs in. */
export const signedInColumns = () => ({
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  clientIds: users.clientIds,
  twoFactorDue: twoFactorDueSql(),
  twoFactorOn: sql<boolean>`${users.totpSecret} is not null`,
});

type SignedInRow = Omit<SignedInUser, 'twoFactorDue' | 'twoFactorOn' | 'secondFactorAt'> & {
  twoFactorDue: Date | string | null;
  twoFactorOn: boolean;
};

/** The person a session or token lookup found, from the columns of `signedInColumns`. */
export function signedInUser(row: SignedInRow): SignedInUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    clientIds: row.clientIds,
    twoFactorDue: dueDate(row.twoFactorDue),
    twoFactorOn: row.twoFactorOn,
  };
}

/** Records where a new session signed in from (its first "last seen"). */
export async function noteSessionClient(
  ctx: Pick<Context, 'db'>,
  token: string,
  client: ClientInfo,
): Promise<void> {
  const { db } = ctx;
  await db
    .update(sessions)
    .set({ ip: client.ip, userAgent: client.userAgent?.slice(0, 512) ?? null })
    .where(eq(sessions.tokenHash, sha256(token)));
}

export async function revokeSession(ctx: Pick<Context, 'db'>, token: string): Promise<void> {
  const { db } = ctx;
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

export async function purgeExpiredSessions(ctx: Pick<Context, 'db'>, clock: Clock): Promise<void> {
  const { db } = ctx;
  await db.delete(sessions).where(lte(sessions.expiresAt, clock.now()));
}
