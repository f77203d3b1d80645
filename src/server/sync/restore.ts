import { sql } from 'drizzle-orm';
import type { IntegrationProvider } from '../../shared/integrations';
import { formatDateTime, zoneNote } from '../../shared/time';
import {
  type BackupRequestRow,
  backupToRestore,
  createSafetyRequest,
  RESTORE_JOB,
  recordBackupOperation,
} from '../backups';
import type { JobSpec } from '../core/jobs/engine';
import { rows } from '../core/sql';
import { loadSettings, restoresAllowed } from '../integrations';
import { GRIDPANE } from '../providers/gridpane/keys';
import { KINSTA } from '../providers/kinsta/keys';
import type { Services } from '../services';
import { agencyTime } from '../settings';
import { takeBackup } from './backup-now';
import { follow, HostRefused, type HostWebsite, RESTORE_KIND, runHostRequest } from './host-requests';

type Website = HostWebsite;
type Backup = NonNullable<Awaited<ReturnType<typeof backupToRestore>>>;

/** A restore replaces a client's site: it runs once, whatever happens, and is never retried. */
export const restoreJob = (services: Services): JobSpec<{ requestId: number }> => ({
  name: RESTORE_JOB.name,
  policy: 'standard',
  retryLimit: 0,
  heartbeatSeconds: 30,
  run: (data) => restoreBackup(services, data.requestId),
});

/** GridPane restores the backup named as it lists it, from where it is kept; it says when it started. */
async function gridpaneRestore(services: Services, website: Website, backup: Backup): Promise<string> {
  const settings = await loadSettings(services, GRIDPANE);
  const client = services.providers.gridpane({ baseUrl: settings.baseUrl!, token: settings.accessToken! });
  await client.restoreBackup(Number(website.providerSiteId), {
    source: backup.location === 'remote' ? (backup.service ?? 'remote') : 'local',
    backupType: backup.kind === 'manual' ? 'manual' : 'automatic',
    backup: backup.ref,
  });
  return 'GridPane started the restore (it does not say when it is done: check the site)';
}

/**
 * Kinsta restores into the environment and emails one of the company's users when it is done: the
 * person who asked when Kinsta knows their address, else the company's first user.
 */
async function kinstaRestore(
  services: Services,
  request: BackupRequestRow,
  website: Website,
  backup: Backup,
): Promise<string> {
  const settings = await loadSettings(services, KINSTA);
  const client = services.providers.kinsta({ baseUrl: settings.baseUrl!, apiKey: settings.apiKey! });
  const users = await client.listCompanyUsers(settings.companyId!);
  const [asker] = request.requestedBy
    ? await rows<{ email: string | null }>(
        services.db,
        sql`select email from users where id = ${request.requestedBy}`,
      )
    : [];
  const notified =
    users.find((u) => asker?.email && u.email?.toLowerCase() === asker.email.toLowerCase()) ?? users[0];
  if (!notified)
    throw new HostRefused('Kinsta lists no user of the company to tell when the restore is done');
  const { operationId } = await client.restoreBackup(
    website.providerSiteId!,
    Number(backup.ref),
    notified.id,
  );
  await recordBackupOperation(services.db, request.id, operationId);
  await follow(services, 'Kinsta', 'restore', async () => {
    const operation = await client.getOperation(operationId);
    if (operation.state === 'failed')
      throw new HostRefused(`Kinsta could not restore the backup: ${operation.message ?? 'no reason given'}`);
    return operation.state === 'done' ? services.clock.now() : null;
  });
  return `Kinsta restored the backup (it told ${notified.email ?? 'the company'})`;
}

/**
 * Puts one of a website's backups back: first a backup of the site as it is (if that fails, nothing is
 * restored), then, while the host still allows restores, the restore itself. Recorded in the activity
 * log with who asked; the request itself is in the audit log.
 */
export function restoreBackup(services: Services, requestId: number) {
  const { db, clock } = services;
  return runHostRequest(services, requestId, RESTORE_KIND, async (request, website, hostName) => {
    const backup = await backupToRestore(db, request);
    if (!backup) throw new HostRefused(`${hostName} no longer lists that backup: nothing was restored`);
    // The site as it is, first: a restore that goes wrong can be undone with it.
    const safety = await takeBackup(services, await createSafetyRequest(db, request, clock.now()));
    if (safety.status !== 'succeeded')
      throw new HostRefused(
        `the backup taken first failed (${safety.message ?? 'no reason'}): nothing was restored`,
      );
    if (!(await restoresAllowed(services, request.host as IntegrationProvider)))
      throw new HostRefused(`restores through ${hostName} were turned off meanwhile: nothing was restored`);
    const message =
      website.integrationProvider === KINSTA
        ? await kinstaRestore(services, request, website, backup)
        : await gridpaneRestore(services, website, backup);
    const time = await agencyTime(services);
    return {
      message,
      news: `${website.domain} was restored to its backup of ${formatDateTime(backup.at, time)}${zoneNote(time)} at ${hostName}`,
    };
  });
}
