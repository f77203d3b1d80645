import type { Context } from '../core/context';
import type { JobLog, JobSpec } from '../core/jobs/engine';
import { defineJob } from '../core/jobs/registry';
import { randomToken, sha256 } from '../core/tokens';
import { passwordResetTokens } from '../db/schema';
import type { Services } from '../services';
import { findUserByEmail } from '../users';

export const RESET_TOKEN_MS = 30 * 60 * 1000;

/** Looks the email up, makes the reset link and mails it (auth/service.ts sends it). */
export const PASSWORD_RESET_JOB = defineJob<{ email: string }>('password-reset-mail');

/**
 * A new reset link, valid 30 minutes, for the account with this email; undefined when none has it.
 * Only the token's hash is stored.
 */
export async function createResetLink(
  deps: Pick<Context, 'db' | 'clock'> & { appUrl: string },
  email: string,
) {
  const user = await findUserByEmail(deps, email);
  if (!user) return undefined;
  const token = randomToken();
  await deps.db.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(deps.clock.now().getTime() + RESET_TOKEN_MS),
  });
  const resetUrl = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return { user, token, resetUrl };
}

/**
 * Mails a reset link to the account with this email, if there is one. Without SMTP the link goes to
 * the operator's log, for them to pass on. A mail that fails is retried with a fresh link (the first
 * one reached nobody).
 */
export async function mailResetLink(services: Services, log: JobLog, email: string): Promise<void> {
  const link = await createResetLink({ ...services, appUrl: services.config.appUrl }, email);
  if (!link) return;
  const { user, resetUrl } = link;
  if (!services.mailer) {
    log.info(
      { userId: user.id, username: user.username, resetUrl },
      'Password reset link (SMTP_URL is not set)',
    );
    return;
  }
  await services.mailer.send({
    to: user.email,
    subject: 'Reset your Agency Hub password',
    text:
      `Hello ${user.username},\n\nSomeone (hopefully you) asked to reset your Agency Hub password.\n` +
      `Open this link within 30 minutes to choose a new one:\n\n${resetUrl}\n\n` +
      'If you did not ask for this, you can ignore this email: your password stays as it is.\n',
  });
}

export const passwordResetJob = (services: Services): JobSpec<{ email: string }> => ({
  name: PASSWORD_RESET_JOB.name,
  policy: 'standard',
  retryLimit: 2,
  retryDelaySeconds: 10,
  batchSize: 4,
  run: (data, job) => mailResetLink(services, job.log, data.email),
});
