import { and, desc, eq, gt } from 'drizzle-orm';
import {
  type ChangePasswordRequest,
  EMAIL_NEEDS_PASSWORD,
  type SessionInfo,
  type SessionUser,
  type UpdateProfileRequest,
  WRONG_CURRENT_PASSWORD,
} from '../../shared/auth';
import { formatDateTime, type TimeOptions, zoneNote } from '../../shared/time';
import { recordActivity } from '../activity';
import type { Clock } from '../core/clock';
import { type Context, withTransaction } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { hashPassword, verifyPassword } from '../core/passwords';
import { sha256 } from '../core/tokens';
import { sessions, users } from '../db/schema';
import { MAIL_JOB, type MailJob } from '../email';
import { agencyTime } from '../settings';
import { assertAvailable, isUniqueViolation, setPasswordHash } from '../users';
import { endAccountAccess } from './end-access';

// Settings → your account: profile, password and signed-in browsers. Separate from sign-in itself.

/**
 * Changes your username and email; a name or address another account uses is a 409 naming it. A new
 * email address (not merely its letter case) needs your current password: whoever holds a stolen
 * session could otherwise point the account at their own mailbox and take it over through "forgot
 * password". The old address is told of the change.
 */
export async function updateProfile(
  ctx: AccountContext & { config: { appUrl: string } },
  me: SessionUser,
  input: UpdateProfileRequest,
): Promise<SessionUser> {
  const { db } = ctx;
  await assertAvailable({ db }, input, me.id);
  const [current] = await db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, me.id));
  if (!current) throw notFound('Your account no longer exists.');
  const emailChanges = current.email.toLowerCase() !== input.email.toLowerCase();
  if (emailChanges) {
    if (!input.currentPassword)
      throw badRequest(EMAIL_NEEDS_PASSWORD, { currentPassword: [EMAIL_NEEDS_PASSWORD] });
    if (!(await verifyPassword(current.hash, input.currentPassword))) {
      throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
    }
  }
  try {
    return await withTransaction(ctx, async (tx) => {
      const [row] = await tx.db
        .update(users)
        .set({ username: input.username, email: input.email, updatedAt: tx.clock.now() })
        .where(eq(users.id, me.id))
        .returning({ id: users.id, username: users.username, email: users.email, role: users.role });
      if (!row) throw notFound('Your account no longer exists.');
      // The notice exists exactly when the change does.
      if (emailChanges)
        await tx.jobs.send(MAIL_JOB, emailChangedNotice(row, current.email, tx, await agencyTime(tx)), {
          tx: tx.db,
        });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) await assertAvailable({ db }, input, me.id); // lost a race: same 409
    throw err;
  }
}

/** The mail the previous address of an account receives when its email changes. */
export function emailChangedNotice(
  user: SessionUser,
  previousEmail: string,
  services: { clock: Clock; config: { appUrl: string } },
  time: TimeOptions = {},
): MailJob {
  return {
    to: previousEmail,
    subject: 'The email address of your Agency Hub account was changed',
    text:
      `Hello ${user.username},\n\nThe email address of your Agency Hub account (${services.config.appUrl}) was ` +
      `changed from ${previousEmail} to ${user.email} on ${formatDateTime(services.clock.now(), time)}${zoneNote(time)}.\n\n` +
      'If you did this, there is nothing to do. If you did not, someone has your password or a signed-in ' +
      'browser of yours: tell your Agency Hub administrator at once, so they can end your sessions and ' +
      'set your address back.\n',
  };
}

/**
 * Sets a new password after checking the current one. This browser stays signed in; everything else
 * the old password left working ends, as on a password reset (every other session, the personal API
 * tokens, remembered browsers and reset links), so whoever had taken the account over keeps nothing.
 */
export async function changePassword(
  ctx: AccountContext,
  me: SessionUser,
  currentToken: string,
  input: ChangePasswordRequest,
): Promise<void> {
  const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!(await verifyPassword(row?.hash, input.currentPassword))) {
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await withTransaction(ctx, async (tx) => {
    await setPasswordHash(tx, me.id, passwordHash);
    await endAccountAccess(tx, ctx.clock, me.id, currentToken);
    await recordActivity(tx, {
      type: 'warning',
      action: 'auth.password_changed',
      message: 'changed their password (other sessions and API tokens were ended)',
      link: '/settings',
    });
  });
}

type AccountContext = Pick<Context, 'db' | 'clock' | 'actor' | 'jobs'>;

export async function listSessions(
  ctx: Pick<Context, 'db'>,
  clock: Clock,
  userId: number,
  currentToken: string | undefined,
): Promise<SessionInfo[]> {
  const { db } = ctx;
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
  ctx: Pick<Context, 'db'>,
  userId: number,
  id: number,
  currentToken: string | undefined,
): Promise<{ wasCurrent: boolean }> {
  const { db } = ctx;
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  if (!row) throw notFound('No such session: it may have ended already.');
  return { wasCurrent: currentToken !== undefined && row.tokenHash === sha256(currentToken) };
}
