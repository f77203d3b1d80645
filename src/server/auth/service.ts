import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  FORGOT_PASSWORD_SENT,
  type ForgotPasswordResponse,
  INVALID_CREDENTIALS,
  type SessionUser,
  TWO_FACTOR_CODE_WRONG,
} from '../../shared/auth';
import { recordActivity } from '../activity';
import type { Clock } from '../core/clock';
import { withTransaction } from '../core/context';
import { AppError, tooManyRequests } from '../core/errors';
import type { JobEngine } from '../core/jobs/engine';
import { hashPassword, verifyPassword } from '../core/passwords';
import type { SecretBox } from '../core/secret-box';
import { sha256 } from '../core/tokens';
import type { Db } from '../db/client';
import { notifications, passwordResetTokens, users } from '../db/schema';
import type { Mailer } from '../email';
import { findUserByUsername, setPasswordHash } from '../users';
import { deviceOf, issueDeviceCookie } from './device';
import { endAccountAccess } from './end-access';
import { isRememberedBrowser, rememberBrowser } from './remembered-browsers';
import { createResetLink, PASSWORD_RESET_JOB } from './reset';
import { type ClientInfo, createSession, type NewSession } from './sessions';
import { formatWait, type LoginThrottle } from './throttle';
import { isEnabled, proveSecondFactor } from './two-factor';

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
  box: SecretBox;
  jobs: Pick<JobEngine, 'send'>;
};

/**
 * Signs in. `deviceCookie` is what the browser holds from earlier sign-ins (device.ts): for this
 * account it lifts the per-account failure limit for this browser alone. A success answers a fresh
 * device cookie for the account.
 */
export async function login(
  deps: AuthDeps,
  input: {
    username: string;
    password: string;
    rememberMe: boolean;
    code?: string;
    recoveryCode?: string;
    rememberBrowser?: boolean;
  },
  client: ClientInfo,
  cookies: { device?: string; rememberedBrowser?: string } = {},
): Promise<
  | {
      user: SessionUser;
      session: NewSession;
      deviceCookie: string;
      /** A browser newly remembered at this sign-in: its cookie's token. */
      rememberedBrowser?: { token: string; expiresAt: Date };
    }
  | { twoFactorRequired: true }
> {
  const { ip } = client;
  const deviceCookie = cookies.device;
  const device = deviceOf(deps.box, deviceCookie, input.username);
  const wait = await deps.throttle.attempt(input.username, ip, device);
  if (wait > 0) {
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please wait ${formatWait(wait)} and try again.`,
      wait,
    );
  }
  const user = await findUserByUsername(deps, input.username);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  // Two-factor sign-in: the right password alone asks for the second factor. Its attempt stays counted
  // until the whole sign-in succeeds, and a wrong code counts too, so codes are throttled like
  // passwords and the password step cannot wipe the count between guesses.
  // A browser remembered at an earlier two-factor sign-in needs the password alone (for 30 days); it
  // proves no fresh second factor, so credential and role changes still ask for a code.
  let proved = false;
  let remembered: { token: string; expiresAt: Date } | undefined;
  if (await isEnabled(deps, user.id)) {
    const withProof = Boolean(input.code || input.recoveryCode);
    if (!withProof && !(await isRememberedBrowser(deps, deps.clock, user.id, cookies.rememberedBrowser)))
      return { twoFactorRequired: true };
    if (withProof) {
      if (!(await proveSecondFactor(deps, { throttle: deps.throttle, ip }, user.id, input)))
        throw new AppError(401, 'invalid_code', TWO_FACTOR_CODE_WRONG);
      proved = true;
      if (input.rememberBrowser) remembered = await rememberBrowser(deps, deps.clock, user.id, client);
    }
  }
  await deps.throttle.succeeded(input.username, ip, device);
  const session = await createSession(deps, deps.clock, user.id, input.rememberMe, proved);
  await deps.db.update(users).set({ lastSignInAt: deps.clock.now() }).where(eq(users.id, user.id));
  return {
    user: { id: user.id, username: user.username, email: user.email, role: user.role },
    session,
    deviceCookie: issueDeviceCookie(deps.box, user.username),
    ...(remembered ? { rememberedBrowser: remembered } : {}),
  };
}

/**
 * Starts a password reset, with the same answer and the same work for every email: one job, which
 * looks the account up, makes the link and mails it, so neither the answer nor its timing tells
 * whether the email has an account.
 *
 * Development without SMTP is the exception: the page shows the link itself (the DEVELOPMENT MODE
 * box), so it is made at once and returned, which tells known emails apart on the developer's own
 * machine, by design.
 */
export async function forgotPassword(deps: AuthDeps, email: string): Promise<ForgotPasswordResponse> {
  if (!deps.mailer && deps.mode !== 'production') {
    const link = await createResetLink(deps, email);
    if (link) return { message: FORGOT_PASSWORD_SENT, token: link.token, resetUrl: link.resetUrl };
    return { message: FORGOT_PASSWORD_SENT };
  }
  await deps.jobs.send(PASSWORD_RESET_JOB, { email });
  return { message: FORGOT_PASSWORD_SENT };
}

/** Sets a new password with a single-use token and signs the user out everywhere. */
export async function resetPassword(deps: AuthDeps, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const userId = await withTransaction(deps, async (tx) => resetInTransaction(tx, token, passwordHash));
  deps.log.info({ userId }, 'Password was reset');
}

/** The reset itself: the link claimed, the password set, every session and token ended, all at once. */
async function resetInTransaction(deps: AuthDeps, token: string, passwordHash: string): Promise<number> {
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

  await setPasswordHash(deps, claimed.userId, passwordHash);
  // Whoever reset the password may be reclaiming the account: every session, token, remembered
  // browser and other outstanding link ends with the old password.
  await endAccountAccess(deps, deps.clock, claimed.userId);
  const [user] = await deps.db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, claimed.userId));
  await recordActivity(
    { ...deps, actor: undefined },
    {
      type: 'warning',
      action: 'auth.password_reset',
      message: `The password of ${user?.username ?? 'a user'} was reset`,
      link: '/team',
    },
  );
  await deps.db.insert(notifications).values({
    userId: claimed.userId,
    type: 'warning',
    title: 'Your password was reset',
    message:
      'Your password was changed with a reset link, and every session was signed out. If this was not you, tell your administrator.',
    createdAt: now,
  });
  return claimed.userId;
}
