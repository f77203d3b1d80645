import { and, eq, gt, lte } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { randomToken, sha256 } from './tokens';

export const SESSION_COOKIE = 'ah_session';
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

export type NewSession = { token: string; expiresAt: Date; rememberMe: boolean };

export async function createSession(
  db: Db,
  clock: Clock,
  userId: number,
  rememberMe: boolean,
): Promise<NewSession> {
  const token = randomToken();
  const expiresAt = new Date(clock.now().getTime() + (rememberMe ? REMEMBER_ME_MS : BROWSER_SESSION_MS));
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, rememberMe, expiresAt });
  return { token, expiresAt, rememberMe };
}

export async function findSessionUser(db: Db, clock: Clock, token: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, clock.now())))
    .limit(1);
  return row;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db, clock: Clock): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, clock.now()));
}
