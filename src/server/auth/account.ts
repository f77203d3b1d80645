import { and, desc, eq, gt, ne } from 'drizzle-orm';
import {
  type ChangePasswordRequest,
  type SessionInfo,
  type SessionUser,
  type UpdateProfileRequest,
  WRONG_CURRENT_PASSWORD,
} from '../../shared/auth';
import { recordActivity } from '../activity/service';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { assertAvailable, isUniqueViolation, setPassword } from '../users/service';
import { verifyPassword } from './passwords';
import { sha256 } from './tokens';

// Settings → your account: profile, password and signed-in browsers. Separate from sign-in itself.

/** Changes your username and email; a name or address another account uses is a 409 naming it. */
export async function updateProfile(
  db: Db,
  me: SessionUser,
  input: UpdateProfileRequest,
): Promise<SessionUser> {
  await assertAvailable(db, input, me.id);
  try {
    const [row] = await db
      .update(users)
      .set({ username: input.username, email: input.email, updatedAt: new Date() })
      .where(eq(users.id, me.id))
      .returning({ id: users.id, username: users.username, email: users.email });
    if (!row) throw notFound('Your account no longer exists.');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) await assertAvailable(db, input, me.id); // lost a race: same 409
    throw err;
  }
}

/**
 * Sets a new password after checking the current one. This browser stays signed in; every other
 * session of the account ends (quality bar S4).
 */
export async function changePassword(
  db: Db,
  me: SessionUser,
  currentToken: string,
  input: ChangePasswordRequest,
): Promise<void> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!(await verifyPassword(row?.hash, input.currentPassword))) {
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
  }
  await setPassword(db, me.id, input.newPassword);
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, me.id), ne(sessions.tokenHash, sha256(currentToken))));
  await recordActivity(db, me, {
    type: 'warning',
    action: 'auth.password_changed',
    message: 'changed their password (other sessions were signed out)',
    link: '/settings',
  });
}

export async function listSessions(
  db: Db,
  clock: Clock,
  userId: number,
  currentToken: string | undefined,
): Promise<SessionInfo[]> {
  const current = currentToken ? sha256(currentToken) : undefined;
  const rows = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, clock.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map(({ tokenHash, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: tokenHash === current,
  }));
}

/** Signs out one of your sessions; another account's id is a 404, as if it did not exist. */
export async function revokeSessionById(
  db: Db,
  userId: number,
  id: number,
  currentToken: string | undefined,
): Promise<{ wasCurrent: boolean }> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  if (!row) throw notFound('No such session: it may have ended already.');
  return { wasCurrent: currentToken !== undefined && row.tokenHash === sha256(currentToken) };
}
