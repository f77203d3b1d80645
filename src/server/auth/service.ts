import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  FORGOT_PASSWORD_SENT,
  type ForgotPasswordResponse,
  INVALID_CREDENTIALS,
  type SessionUser,
} from '../../shared/auth';
import { recordActivity } from '../activity/service';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { notifications, passwordResetTokens, users } from '../db/schema';
import type { Mailer } from '../email/mailer';
import { AppError, tooManyRequests } from '../http/errors';
import { findUserByEmail, findUserByUsername, setPassword } from '../users/service';
import { verifyPassword } from './passwords';
import { createSession, type NewSession, revokeUserSessions } from './sessions';
import type { LoginThrottle } from './throttle';
import { randomToken, sha256 } from './tokens';

export const RESET_TOKEN_MS = 30 * 60 * 1000;
export const RESET_TOKEN_INVALID =
  'This password reset link is invalid or has expired. Please request a new one.';

export type AuthDeps = {
  db: Db;
  clock: Clock;
  throttle: LoginThrottle;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  mode: 'production' | 'development' | 'test';
  appUrl: string;
  mailer: Mailer | undefined;
};

export async function login(
  deps: AuthDeps,
  input: { username: string; password: string; rememberMe: boolean },
  ip: string,
): Promise<{ user: SessionUser; session: NewSession }> {
  const wait = await deps.throttle.attempt(input.username, ip);
  if (wait > 0) {
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please wait ${formatWait(wait)} and try again.`,
      wait,
    );
  }
  const user = await findUserByUsername(deps.db, input.username);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  await deps.throttle.succeeded(input.username, ip);
  const session = await createSession(deps.db, deps.clock, user.id, input.rememberMe);
  return { user: { id: user.id, username: user.username, email: user.email }, session };
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Starts a password reset. The answer is the same whether or not the email is known; the mail is
 * sent in the background so the timing does not tell either.
 */
export async function forgotPassword(deps: AuthDeps, email: string): Promise<ForgotPasswordResponse> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { message: FORGOT_PASSWORD_SENT };

  const token = randomToken();
  await deps.db.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(deps.clock.now().getTime() + RESET_TOKEN_MS),
  });
  const resetUrl = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;

  if (deps.mailer) {
    deps.mailer
      .send({
        to: user.email,
        subject: 'Reset your Agency Hub password',
        text:
          `Hello ${user.username},\n\nSomeone (hopefully you) asked to reset your Agency Hub password.\n` +
          `Open this link within 30 minutes to choose a new one:\n\n${resetUrl}\n\n` +
          'If you did not ask for this, you can ignore this email: your password stays as it is.\n',
      })
      .catch((err: Error) =>
        deps.log.error({ userId: user.id, err: err.message }, 'Could not send the password reset email'),
      );
  } else if (deps.mode === 'production') {
    // No SMTP: the operator relays the link (decisions.md §2).
    deps.log.info(
      { userId: user.id, username: user.username, resetUrl },
      'Password reset link (SMTP_URL is not set)',
    );
  }
  if (!deps.mailer && deps.mode !== 'production') return { message: FORGOT_PASSWORD_SENT, token, resetUrl };
  return { message: FORGOT_PASSWORD_SENT };
}

/** Sets a new password with a single-use token and signs the user out everywhere. */
export async function resetPassword(deps: AuthDeps, token: string, newPassword: string): Promise<void> {
  const now = deps.clock.now();
  // Claim the token atomically: of two concurrent uses, exactly one updates the row.
  const [claimed] = await deps.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!claimed) throw new AppError(400, 'invalid_token', RESET_TOKEN_INVALID);

  await setPassword(deps.db, claimed.userId, newPassword);
  await revokeUserSessions(deps.db, claimed.userId);
  // Any other outstanding links for this account die with the old password.
  await deps.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
  deps.log.info({ userId: claimed.userId }, 'Password was reset');
  const [user] = await deps.db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, claimed.userId));
  await recordActivity(
    deps.db,
    undefined,
    {
      type: 'warning',
      action: 'auth.password_reset',
      message: `the password of ${user?.username ?? 'a user'} was reset`,
      link: '/team',
    },
    now,
  );
  await deps.db.insert(notifications).values({
    userId: claimed.userId,
    type: 'warning',
    title: 'Your password was reset',
    message:
      'Your password was changed with a reset link, and every session was signed out. If this was not you, tell your administrator.',
    createdAt: now,
  });
}
