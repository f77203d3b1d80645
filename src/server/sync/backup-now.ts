import { and, desc, eq } from 'drizzle-orm';
import { formatDateTime, zoneNote } from '../../shared/time';
import { BACKUP_NOW_JOB, type BackupRequestRow, recordBackupOperation } from '../backups';
import type { JobSpec } from '../core/jobs/engine';
import { websiteBackups } from '../db/schema';
import { loadSettings } from '../integrations';
import { GRIDPANE } from '../providers/gridpane/keys';
import { KINSTA } from '../providers/kinsta/keys';
import type { Services } from '../services';
import { agencyTime } from '../settings';
import { readSiteBackups, schedules } from './gridpane-backups';
import { BACKUP_KIND, follow, HostRefused, type HostWebsite, runHostRequest } from './host-requests';
import { readEnvironmentBackups } from './kinsta';

type Request = BackupRequestRow;
type Website = HostWebsite;

/**
 * A backup is a write at the host: it runs once, whatever happens (a retry could take a second one).
 * Several instances: the request is taken by the one whose update moves it from queued.
 */
export const backupNowJob = (services: Services): JobSpec<{ requestId: number }> => ({
  name: BACKUP_NOW_JOB.name,
  policy: 'standard',
  retryLimit: 0,
  heartbeatSeconds: 30,
  run: (data) => takeBackup(services, data.requestId),
});

/** The keys of the website's backups with this tag as kept now: the new one is the one not among them. */
async function keysWithTag(services: Services, websiteId: number, tag: string): Promise<Set<string>> {
  const found = await services.db
    .select({ key: websiteBackups.key })
    .from(websiteBackups)
    .where(and(eq(websiteBackups.websiteId, websiteId), eq(websiteBackups.note, tag)));
  return new Set(found.map((r) => r.key));
}

/**
 * When the backup taken shows in the website's list: one with its tag that was not there before it
 * was asked for (the host's clock, and its minute precision, say nothing reliable about "since").
 */
async function newlyListed(services: Services, websiteId: number, tag: string, before: Set<string>) {
  const listed = await services.db
    .select({ at: websiteBackups.at, key: websiteBackups.key })
    .from(websiteBackups)
    .where(and(eq(websiteBackups.websiteId, websiteId), eq(websiteBackups.note, tag)))
    .orderBy(desc(websiteBackups.at));
  return listed.find((b) => !before.has(b.key))?.at ?? null;
}

/**
 * GridPane: asks for the backup (off-site to the site's own off-site service when asked), then reads
 * the site's list until it shows it: GridPane's answer says it started, not that it finished.
 */
async function gridpaneBackup(services: Services, request: Request, website: Website) {
  const settings = await loadSettings(services, GRIDPANE);
  const client = services.providers.gridpane({ baseUrl: settings.baseUrl!, token: settings.accessToken! });
  const siteId = Number(website.providerSiteId);
  let integrationId: number | undefined;
  if (request.location === 'remote') {
    const [service] = await client.listBackupIntegrations(siteId);
    if (!service)
      throw new HostRefused(
        'GridPane has no off-site backup service for this site: add one at GridPane, then try again',
      );
    integrationId = service.id;
  }
  const before = await keysWithTag(services, website.id, request.tag);
  await client.createBackup(siteId, {
    type: request.location === 'remote' ? 'remote' : 'local',
    integrationId,
    tag: request.tag,
  });
  const site = { websiteId: website.id, providerSiteId: website.providerSiteId! };
  return follow(services, 'GridPane', 'backup', async () => {
    await readSiteBackups(services, client, site, await schedules(services, client, [site.providerSiteId]));
    return newlyListed(services, website.id, request.tag, before);
  });
}

/** Kinsta: asks for a manual backup of the environment, follows Kinsta's operation, then reads the list. */
async function kinstaBackup(services: Services, request: Request, website: Website) {
  const settings = await loadSettings(services, KINSTA);
  const client = services.providers.kinsta({ baseUrl: settings.baseUrl!, apiKey: settings.apiKey! });
  const environmentId = website.providerSiteId!;
  const before = await keysWithTag(services, website.id, request.tag);
  const { operationId } = await client.createManualBackup(environmentId, request.tag);
  await recordBackupOperation(services.db, request.id, operationId);
  let done = false;
  return follow(services, 'Kinsta', 'backup', async () => {
    if (!done) {
      const operation = await client.getOperation(operationId);
      if (operation.state === 'failed')
        throw new HostRefused(`Kinsta could not take the backup: ${operation.message ?? 'no reason given'}`);
      done = operation.state === 'done';
      if (!done) return null;
    }
    await readEnvironmentBackups(services, client, website.id, environmentId);
    return newlyListed(services, website.id, request.tag, before);
  });
}

/** Takes one requested backup at the website's host and records how it went (activity included). */
export function takeBackup(services: Services, requestId: number) {
  return runHostRequest(services, requestId, BACKUP_KIND, async (request, website, hostName) => {
    const at =
      website.integrationProvider === KINSTA
        ? await kinstaBackup(services, request, website)
        : await gridpaneBackup(services, request, website);
    const time = await agencyTime(services);
    return {
      message: `Backup taken at ${hostName}: listed at ${formatDateTime(at, time)}${zoneNote(time)}`,
      news: `${website.domain} was backed up at ${hostName}`,
    };
  });
}
