import { timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '../../shared/auth';
import type { Context } from '../core/context';
import { AppError } from '../core/errors';
import { randomToken, sha256 } from '../core/tokens';
import type { Db } from '../db/client';
import { countUsers, createUser, type NewUser } from '../users';

export const SETUP_INVALID = 'This setup link is not valid. Use the link the server printed when it started.';
export const SETUP_DONE = 'Agency Hub is already set up. Please sign in.';

/**
 * First run: while no user exists, one random token printed by the server lets /setup create the first
 * account. The token lives only in this process's memory and is gone once an account exists.
 */
export class FirstRunSetup {
  private token: string | undefined;

  /** Returns the setup token when the database has no users yet. */
  async prepare(db: Db): Promise<string | undefined> {
    if ((await countUsers({ db })) > 0) {
      this.token = undefined;
      return undefined;
    }
    this.token ??= randomToken();
    return this.token;
  }

  async isNeeded(db: Db): Promise<boolean> {
    return this.token !== undefined && (await countUsers({ db })) === 0;
  }

  async createFirstUser(
    ctx: Pick<Context, 'db' | 'clock'>,
    token: string,
    input: NewUser,
  ): Promise<SessionUser> {
    if (!(await this.isNeeded(ctx.db))) throw new AppError(409, 'setup_done', SETUP_DONE);
    if (!this.token || !safeEqual(token, this.token))
      throw new AppError(403, 'invalid_setup_token', SETUP_INVALID);
    // Consume the token before the first await, so two simultaneous requests cannot both succeed.
    const consumed = this.token;
    this.token = undefined;
    try {
      return await createUser(ctx, { ...input, role: 'owner' }); // the first account owns the agency
    } catch (err) {
      this.token = consumed;
      throw err;
    }
  }
}

function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(a)), Buffer.from(sha256(b)));
}
