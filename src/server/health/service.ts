import type { Readiness } from '../../shared/health';
import type { Services } from '../services';

/**
 * Ready means: the database answers, every migration of this build is applied (an instance started
 * beside one still migrating waits), and the job engine runs. Each check says what is wrong.
 */
export async function readiness(services: Services): Promise<Readiness> {
  const database = services.database.kind;
  const notReady = (message: string): Readiness => ({ ready: false, database, message });
  try {
    await services.database.ping();
  } catch {
    return notReady('The database is not reachable.');
  }
  if (!(await services.database.migrated())) return notReady('Database migrations are not applied yet.');
  if (!services.jobs.started) return notReady('The job engine is not running.');
  return { ready: true, database };
}
