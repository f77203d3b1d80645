import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupPlan, type FakeGridPane, startFakeGridPane } from '../../../test/fakes/gridpane';
import { type FakeKinsta, startFakeKinsta } from '../../../test/fakes/kinsta';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { connectHosts } from '../../../test/support/hosts';
import type { BackupListItem, BackupRequest, WebsiteBackups } from '../../shared/backups';
import { activity, auditLog } from '../db/schema';

let t: TestApp;
let cookie: string;
let gridpane: FakeGridPane;
let kinsta: FakeKinsta;

beforeAll(async () => {
  t = await createTestApp();
  gridpane = await startFakeGridPane({
    servers: 2,
    sites: 12,
    seed: 3,
    endpointLimit: 10_000,
    totalLimit: 10_000,
  });
  kinsta = await startFakeKinsta({ sites: 3, seed: 5, now: t.services.clock.now().getTime() });
  cookie = await t.signIn();
  await connectHosts(t, cookie, { gridpane, kinsta });
});
afterAll(async () => {
  await t.close();
  await gridpane.close();
  await kinsta.close();
});
afterEach(() => {
  // Nothing is written to a host unless the test asked for it (and checked it).
  expect(kinsta.unplannedWrites()).toEqual([]);
});

const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

async function websiteOf(host: 'gridpane' | 'kinsta', pick: (domain: string) => boolean = () => true) {
  const items = (await call('GET', `/api/backups?pageSize=200&host=${host}&sort=domain`)).json()
    .data as BackupListItem[];
  return items.find((i) => pick(i.domain))!;
}

/** Asks for a backup, waits for its job, and answers the request as it ended. */
async function backUp(websiteId: number, body: Record<string, unknown>): Promise<BackupRequest> {
  const res = await call('POST', `/api/websites/${websiteId}/backups`, body);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ status: 'queued' });
  await t.services.jobs.idle();
  return (await call('GET', `/api/backups/requests/${res.json().id}`)).json();
}

const siteIdOf = (domain: string) => Number(gridpane.fleet.sites.find((s) => s.url === domain)!.id);

describe('Back up now', () => {
  it('takes a GridPane backup on the server with its tag, lists it, and records who asked', async () => {
    const website = await websiteOf('gridpane');
    const before = gridpane.writes().length;
    const request = await backUp(website.websiteId, { tag: 'pre-update' });
    expect(request).toMatchObject({
      status: 'succeeded',
      location: 'local',
      tag: 'pre-update',
      reason: 'requested',
    });
    expect(request.requestedBy?.name).toBeTruthy();
    // Exactly the one write asked for, with GridPane's documented body.
    const writes = gridpane.writes().slice(before);
    expect(writes.map((w) => [w.method, w.path])).toEqual([
      ['POST', `/oauth/api/v1/backups/${siteIdOf(website.domain)}`],
    ]);
    expect(JSON.parse(writes[0]!.body!)).toEqual({ type: 'local', tag: 'pre-update' });
    const detail = (await call('GET', `/api/websites/${website.websiteId}/backups`)).json() as WebsiteBackups;
    expect(detail.backups[0]).toMatchObject({ kind: 'manual', location: 'local', note: 'pre-update' });
    expect(detail.lastRequest).toMatchObject({ id: request.id, status: 'succeeded' });
    // The request is in the audit log; the outcome in the activity log.
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'backup.requested', targetId: String(website.websiteId) });
    const [news] = await t.db.select().from(activity).where(eq(activity.action, 'backup.taken'));
    expect(news?.message).toMatch(new RegExp(`^${website.domain} was backed up at GridPane`));
  });

  it('sends an off-site GridPane backup to the site’s own off-site service, and refuses one it has none for', async () => {
    const remote = await websiteOf('gridpane', (d) => backupPlan(siteIdOf(d)).remote);
    const request = await backUp(remote.websiteId, { location: 'remote', tag: 'offsite-now' });
    expect(request.status).toBe('succeeded');
    const write = gridpane.writes().at(-1)!;
    expect(JSON.parse(write.body!)).toEqual({ type: 'remote', integration_id: 2783, tag: 'offsite-now' });

    const local = await websiteOf('gridpane', (d) => !backupPlan(siteIdOf(d)).remote);
    const writes = gridpane.writes().length;
    const refused = await backUp(local.websiteId, { location: 'remote' });
    expect(refused.status).toBe('failed');
    expect(refused.message).toMatch(/no off-site backup service/);
    expect(gridpane.writes()).toHaveLength(writes);
  });

  it('takes a Kinsta manual backup and follows Kinsta’s operation until it is listed', async () => {
    const website = await websiteOf('kinsta');
    const request = await backUp(website.websiteId, { tag: 'before-launch' });
    expect(request).toMatchObject({ status: 'succeeded', location: null, tag: 'before-launch' });
    expect(
      kinsta.unplannedWrites().map((w) => [w.method, w.path.replace(/\/[^/]+\/manual/, '/{env}/manual')]),
    ).toEqual([['POST', '/sites/environments/{env}/manual-backups']]);
    kinsta.acknowledgeWrites();
    const detail = (await call('GET', `/api/websites/${website.websiteId}/backups`)).json() as WebsiteBackups;
    expect(detail.backups[0]).toMatchObject({ kind: 'manual', note: 'before-launch' });
  });

  it('a write Kinsta fails is not retried, and says why', async () => {
    const website = await websiteOf('kinsta');
    kinsta.setFailure('manualBackup', 'server_error');
    try {
      const request = await backUp(website.websiteId, { tag: 'will-fail' });
      expect(request.status).toBe('failed');
      expect(request.message).toMatch(/Kinsta/);
      expect(kinsta.unplannedWrites()).toHaveLength(1);
      kinsta.acknowledgeWrites();
    } finally {
      kinsta.setFailure('manualBackup', null);
    }
  });

  it('says what a bad request needs, and takes one backup of a site at a time', async () => {
    const website = await websiteOf('gridpane');
    const auto = await call('POST', `/api/websites/${website.websiteId}/backups`, { tag: 'auto' });
    expect(auto.statusCode).toBe(400);
    expect(auto.json().message).toMatch(/cannot be "manual" or "auto"/);
    const spaces = await call('POST', `/api/websites/${website.websiteId}/backups`, { tag: 'has spaces' });
    expect(spaces.json().message).toMatch(/letters, digits and dashes/);
    const kinstaSite = await websiteOf('kinsta');
    const located = await call('POST', `/api/websites/${kinstaSite.websiteId}/backups`, {
      location: 'local',
    });
    expect(located.statusCode).toBe(400);
    expect(located.json().fieldErrors.location[0]).toMatch(/Kinsta keeps its backups itself/);
    expect((await call('POST', '/api/websites/999999/backups', {})).statusCode).toBe(404);
    expect((await call('GET', '/api/backups/requests/999999')).statusCode).toBe(404);
    // One under way: a second is refused until it ends.
    await t.db.execute(sql`insert into backup_requests (website_id, host, tag, status, requested_at)
      values (${website.websiteId}, 'gridpane', 'x', 'running', now())`);
    const busy = await call('POST', `/api/websites/${website.websiteId}/backups`, {});
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/already under way/);
  });
});
