import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { TWO_FACTOR_CODE_WRONG, TWO_FACTOR_KEPT } from '../../shared/auth';
import { recordActivity } from '../activity';
import { type Context, withTransaction } from '../core/context';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../core/errors';
import type { SecretBox } from '../core/secret-box';
import { sha256 } from '../core/tokens';
import { recoveryCodes, rememberedBrowsers, users } from '../db/schema';
import { twoFactorRequiredFor } from '../settings';
import { formatWait, type LoginThrottle } from './throttle';

/*
 * Two-factor sign-in with time-based one-time passwords (RFC 6238: 6 digits, 30-second steps, as every
 * authenticator app reads them from the QR code) and ten single-use recovery codes, kept hashed and
 * shown once. A code is accepted one step either side of now (a phone's clock drifts) and only once:
 * the last accepted step is stored, and a code of that step or an earlier one is refused.
 */

const ISSUER = 'Agency Hub';
const STEP_TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

type Ctx = Pick<Context, 'db' | 'clock'> & { box: SecretBox };
/** Who counts the attempts at a second factor, and the address they come from. */
export type SecondFactorGuard = { throttle: LoginThrottle; ip: string };
const wrongCode = () => new AppError(401, 'invalid_code', TWO_FACTOR_CODE_WRONG);
const codeField = (message: string) => badRequest(message, { code: [message] });

async function userRow(ctx: Pick<Context, 'db'>, userId: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('Your account no longer exists.');
  return row;
}

export async function twoFactorStatus(ctx: Pick<Context, 'db'>, userId: number) {
  const row = await userRow(ctx, userId);
  const [left] = await ctx.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled: row.totpSecret !== null, recoveryCodesLeft: row.totpSecret ? (left?.n ?? 0) : 0 };
}

/** A new secret to scan; it becomes the account's only when a code from it is confirmed (enable). */
export async function startSetup(ctx: Ctx, userId: number): Promise<{ secret: string; otpauthUrl: string }> {
  const row = await userRow(ctx, userId);
  if (row.totpSecret)
    throw conflict('Two-factor sign-in is already on. Turn it off first to set it up again.');
  const secret = generateSecret();
  await ctx.db
    .update(users)
    .set({ totpPendingSecret: ctx.box.seal(secret), updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId));
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: row.username, secret }) };
}

/** The time step `code` belongs to under `secret`, if it is right now and newer than `after`. */
async function stepOf(ctx: Pick<Context, 'clock'>, secret: string, code: string, after: number | null) {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(ctx.clock.now().getTime() / 1000),
    epochTolerance: STEP_TOLERANCE_SECONDS,
    ...(after !== null ? { afterTimeStep: after } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Takes the step for this account: false when another request took it (or a later one) first. */
async function takeStep(ctx: Pick<Context, 'db'>, userId: number, step: number): Promise<boolean> {
  const taken = await ctx.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return taken.length === 1;
}

function newRecoveryCodes(): string[] {
  // 10 characters of 32 (50 bits) each, "abcde-fghij": typed by hand from a printout.
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32: no l or o, no 0 or 1
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
const normalise = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

async function replaceRecoveryCodes(ctx: Pick<Context, 'db'>, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await ctx.db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normalise(c)) })));
  return codes;
}

/** Confirms the scanned secret with a code from it: two-factor sign-in is on, with fresh recovery codes. */
export async function enable(ctx: Ctx, userId: number, code: string): Promise<{ recoveryCodes: string[] }> {
  const row = await userRow(ctx, userId);
  if (row.totpSecret) throw conflict('Two-factor sign-in is already on.');
  if (!row.totpPendingSecret)
    throw badRequest('Start the set-up first: scan the QR code, then enter its code.');
  const secret = ctx.box.open(row.totpPendingSecret);
  const step = await stepOf(ctx, secret, code, null);
  if (step === undefined)
    throw codeField('That code does not match: check the time on your phone and try the new code.');
  return withTransaction(ctx, async (tx) => {
    await tx.db
      .update(users)
      .set({
        totpSecret: row.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        totpEnabledAt: tx.clock.now(),
        updatedAt: tx.clock.now(),
      })
      .where(eq(users.id, userId));
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordActivity(tx, {
      type: 'success',
      action: 'user.2fa_enabled',
      message: 'turned on two-factor sign-in',
      link: '/settings',
    });
    return { recoveryCodes: codes };
  });
}

/**
 * Whether the second factor is right for this account, counted before it is checked (concurrent
 * guesses cannot slip past the count): every way a code is entered goes through here, so one count per
 * account holds them all. Over the limit it is a 429 that says how long to wait.
 */
export async function proveSecondFactor(
  ctx: Ctx,
  guard: SecondFactorGuard,
  userId: number,
  proof: { code?: string; recoveryCode?: string },
): Promise<boolean> {
  const wait = await guard.throttle.secondFactorAttempt(userId, guard.ip);
  if (wait > 0)
    throw tooManyRequests(`Too many wrong codes. Please wait ${formatWait(wait)} and try again.`, wait);
  const right = await checkSecondFactor(ctx, userId, proof);
  if (right) await guard.throttle.secondFactorSucceeded(userId, guard.ip);
  return right;
}

/**
 * Whether the second factor is right for this account, using it up: an authenticator code (its step
 * taken once) or an unused recovery code (marked used).
 */
async function checkSecondFactor(
  ctx: Ctx,
  userId: number,
  proof: { code?: string; recoveryCode?: string },
): Promise<boolean> {
  const row = await userRow(ctx, userId);
  if (!row.totpSecret) return true;
  if (proof.code) {
    const step = await stepOf(ctx, ctx.box.open(row.totpSecret), proof.code, row.totpLastStep);
    return step !== undefined && (await takeStep(ctx, userId, step));
  }
  if (proof.recoveryCode) {
    const used = await ctx.db
      .update(recoveryCodes)
      .set({ usedAt: ctx.clock.now() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, sha256(normalise(proof.recoveryCode))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used.length === 1;
  }
  return false;
}

/** Whether two-factor sign-in is on for this account (sign-in then asks for the second factor). */
export async function isEnabled(ctx: Pick<Context, 'db'>, userId: number): Promise<boolean> {
  return (await userRow(ctx, userId)).totpSecret !== null;
}

/** A code (or a recovery code) proving the second factor again; refused when it is off or wrong. */
export async function confirmSecondFactor(
  ctx: Ctx,
  guard: SecondFactorGuard,
  userId: number,
  proof: { code?: string; recoveryCode?: string },
): Promise<void> {
  if (!(await isEnabled(ctx, userId))) throw conflict('Two-factor sign-in is off for your account.');
  if (!(await proveSecondFactor(ctx, guard, userId, proof))) throw wrongCode();
}

export async function disable(
  ctx: Ctx,
  guard: SecondFactorGuard,
  userId: number,
  proof: { code?: string; recoveryCode?: string },
): Promise<void> {
  const row = await userRow(ctx, userId);
  if (row.totpSecret === null) throw conflict('Two-factor sign-in is already off.');
  if (await twoFactorRequiredFor(ctx, row.role)) throw forbidden(TWO_FACTOR_KEPT);
  if (!(await proveSecondFactor(ctx, guard, userId, proof))) throw wrongCode();
  await withTransaction(ctx, async (tx) => {
    await tx.db
      .update(users)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        totpEnabledAt: null,
        updatedAt: tx.clock.now(),
      })
      .where(eq(users.id, userId));
    await tx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    // Off means the password alone everywhere: no browser stays remembered for a later turn-on.
    await tx.db.delete(rememberedBrowsers).where(eq(rememberedBrowsers.userId, userId));
    await recordActivity(tx, {
      type: 'warning',
      action: 'user.2fa_disabled',
      message: 'turned off two-factor sign-in',
      link: '/settings',
    });
  });
}

/** New recovery codes (the old ones stop working), after a code from the authenticator. */
export async function regenerateRecoveryCodes(
  ctx: Ctx,
  guard: SecondFactorGuard,
  userId: number,
  code: string,
) {
  if (!(await isEnabled(ctx, userId))) throw conflict('Turn on two-factor sign-in first.');
  if (!(await proveSecondFactor(ctx, guard, userId, { code }))) throw wrongCode();
  return withTransaction(ctx, async (tx) => ({ recoveryCodes: await replaceRecoveryCodes(tx, userId) }));
}
