import { setTimeout as wait } from 'node:timers/promises';
import type { Readiness } from '../../shared/health';
import type { Services } from '../services';

/** How long a health check waits for the database before it says the database is busy. */
export const PING_LIMIT_MS = 1000;

export const DATABASE_BUSY = 'The database is busy: it did not answer within a second.';
export const DATABASE_UNREACHABLE = 'The database is not reachable.';

/**
 * Whether the database answers a trivial statement within a second: a health check never waits
 * longer, whatever work holds the database (on the embedded database a long statement holds its one
 * connection; on PostgreSQL every pooled connection may be taken). A ping that times out goes on in
 * the background and is not waited for.
 */
export async function pingDatabase(
  services: Pick<Services, 'database'>,
): Promise<'ok' | 'busy' | 'unreachable'> {
  const timer = new AbortController();
  const ping = services.database.ping().then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
  const late = wait(PING_LIMIT_MS, 'busy' as const, { signal: timer.signal }).catch(() => 'ok' as const);
  try {
    return await Promise.race([ping, late]);
  } finally {
    timer.abort();
  }
}

/**
 * Ready means: the database answers within a second, every migration of this build is applied (an
 * instance started beside one still migrating waits), and the job engine runs. Each check says what
 * is wrong.
 */
/** Databases whose migrations were found applied: they stay applied, so readiness asks once. */
const migratedOnce = new WeakSet<object>();

export async function readiness(services: Services): Promise<Readiness> {
  const database = services.database.kind;
  const notReady = (message: string): Readiness => ({ ready: false, database, message });
  const ping = await pingDatabase(services);
  if (ping === 'busy') return notReady(DATABASE_BUSY);
  if (ping === 'unreachable') return notReady(DATABASE_UNREACHABLE);
  if (!migratedOnce.has(services.database)) {
    if (!(await services.database.migrated())) return notReady('Database migrations are not applied yet.');
    migratedOnce.add(services.database);
  }
  if (!services.jobs.started) return notReady('The job engine is not running.');
  return { ready: true, database };
}
