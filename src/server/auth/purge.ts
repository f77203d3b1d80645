import { lt } from 'drizzle-orm';
import type { JobSpec } from '../core/jobs/engine';
import { loginAttempts } from '../db/schema';
import { purgeOldInvitations } from '../invitations';
import type { Services } from '../services';
import { purgeExpiredSessions } from './sessions';

/**
 * Expired sessions, sign-in counts older than an hour and invitations done with for a month, once an
 * hour across instances.
 */
export async function purgeExpired(services: Services): Promise<void> {
  const now = services.clock.now();
  await purgeExpiredSessions(services, services.clock);
  await services.db.delete(loginAttempts).where(lt(loginAttempts.expire, now.getTime() - 3_600_000));
  await purgeOldInvitations(services);
}

export const purgeJob = (services: Services): JobSpec => ({
  name: 'purge-expired',
  policy: 'stately',
  retryLimit: 1,
  cron: '17 * * * *',
  run: () => purgeExpired(services),
});
