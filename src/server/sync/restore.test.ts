import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGridPane, startFakeGridPane } from '../../../test/fakes/gridpane';
import { type FakeKinsta, startFakeKinsta } from '../../../test/fakes/kinsta';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { connectHosts } from '../../../test/support/hosts';
import { TWO_FACTOR_NEEDED_FOR_ACTION } from '../../shared/auth';
import type { BackupListItem, BackupRequest, WebsiteBackups } from '../../shared/backups';
import { activity, auditLog } from '../db/schema';

let t: TestApp;
let cookie: string;
let gridpane: FakeGridPane;
let kinsta: FakeKinsta;
let secret: string;

beforeAll(async () => {
  t = await createTestApp();
  gridpane = await startFakeGridPane({
    servers: 1,
    sites: 6,
    seed: 8,
    endpointLimit: 10_000,
    totalLimit: 10_000,
  });
  kinsta = await startFakeKinsta({ sites: 2, seed: 9, now: t.services.clock.now().getTime() });
  cookie = await t.signIn({ username: 'rita', email: 'rita@example.com', password: 'rita password' });
  await connectHosts(t, cookie, { gridpane, kinsta });
});
afterAll(async () => {
  await t.close();
  await gridpane.close();
  await kinsta.close();
});
afterEach(() => {
  expect(kinsta.unplannedWrites()).toEqual([]);
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, payload });
const code = () => {
  t.clock.advance(30_000); // a code is good once: every proof uses the next step
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
};

async function websiteWithBackups(host: 'gridpane' | 'kinsta') {
  const items = (await call('GET', `/api/backups?pageSize=200&host=${host}&state=recent`)).json()
    .data as BackupListItem[];
  const website = items[0]!;
  const detail = (await call('GET', `/api/websites/${website.websiteId}/backups`)).json() as WebsiteBackups;
  // An older backup than the newest: the one a person would put back after a bad change.
  const backup = detail.backups.find((b) => b.kind !== 'downloadable' && b.at < detail.backups[0]!.at)!;
  return { website, backup };
}

async function restore(websiteId: number, body: Record<string, unknown>): Promise<BackupRequest> {
  const res = await call('POST', `/api/websites/${websiteId}/backups/restore`, body);
  expect(res.statusCode, res.body).toBe(202);
  await t.services.jobs.idle();
  return (await call('GET', `/api/backups/requests/${res.json().id}`)).json();
}

describe('Restore', () => {
  it('is refused to a person without two-factor sign-in', async () => {
    const { website, backup } = await websiteWithBackups('gridpane');
    const res = await call('POST', `/api/websites/${website.websiteId}/backups/restore`, {
      backupId: backup.id,
      confirmDomain: website.domain,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'two_factor_needed', message: TWO_FACTOR_NEEDED_FOR_ACTION });
  });

  it('is off until an Admin allows restores through the host', async () => {
    secret = (await call('POST', '/api/auth/2fa/setup', {})).json().secret;
    expect((await call('POST', '/api/auth/2fa/enable', { code: await code() })).statusCode).toBe(200);
    const { website, backup } = await websiteWithBackups('gridpane');
    const off = await call('POST', `/api/websites/${website.websiteId}/backups/restore`, {
      backupId: backup.id,
      confirmDomain: website.domain,
    });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'restores_not_allowed' });
    expect(off.json().message).toMatch(/Restores through GridPane are off/);
    for (const provider of ['gridpane', 'kinsta']) {
      const allowed = await call('PATCH', `/api/integrations/${provider}`, { allowRestores: true });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(allowed.json()).toMatchObject({ allowRestores: true, enabled: true });
    }
    const wrong = await call('PATCH', '/api/integrations/kinsta', {});
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/Send enabled, allowRestores or allowUpdates/);
  });

  it('asks for the domain typed exactly and one of the website’s own backups', async () => {
    const { website, backup } = await websiteWithBackups('gridpane');
    const typo = await call('POST', `/api/websites/${website.websiteId}/backups/restore`, {
      backupId: backup.id,
      confirmDomain: `x${website.domain}`,
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().fieldErrors.confirmDomain[0]).toBe(
      `Type ${website.domain} exactly to confirm the restore`,
    );
    const other = await call('POST', `/api/websites/${website.websiteId}/backups/restore`, {
      backupId: 999_999,
      confirmDomain: website.domain,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors.backupId[0]).toMatch(/no such backup/);
    expect(gridpane.writes()).toEqual([]);
  });

  it('GridPane: takes a backup of the site as it is first, then restores the chosen backup', async () => {
    const { website, backup } = await websiteWithBackups('gridpane');
    const request = await restore(website.websiteId, {
      backupId: backup.id,
      confirmDomain: website.domain.toUpperCase(),
    });
    expect(request).toMatchObject({ action: 'restore', status: 'succeeded' });
    expect(request.restore).toMatchObject({ backupId: backup.id, at: backup.at });
    const safety = (await call('GET', `/api/backups/requests/${request.safetyRequestId}`)).json();
    expect(safety).toMatchObject({ action: 'backup', reason: 'before-restore', status: 'succeeded' });
    const siteId = gridpane.fleet.sites.find((s) => s.url === website.domain)!.id;
    expect(gridpane.writes().map((w) => w.path)).toEqual([
      `/oauth/api/v1/backups/${siteId}`,
      `/oauth/api/v1/backups/restore/${siteId}`,
    ]);
    expect(gridpane.restores).toHaveLength(1);
    expect(gridpane.restores[0]).toMatchObject({
      siteId,
      source: backup.location === 'remote' ? backup.service : 'local',
      backupType: backup.kind,
    });
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'backup.restore_requested', targetId: String(website.websiteId) });
    const [news] = await t.db.select().from(activity).where(eq(activity.action, 'backup.restored'));
    expect(news?.message).toMatch(new RegExp(`^${website.domain} was restored to its backup of`));
  });

  it('Kinsta: restores into the environment after a backup, following Kinsta’s operation', async () => {
    const { website, backup } = await websiteWithBackups('kinsta');
    const request = await restore(website.websiteId, { backupId: backup.id, confirmDomain: website.domain });
    expect(request.status, request.message ?? '').toBe('succeeded');
    expect(kinsta.unplannedWrites().map((w) => w.path.split('/').at(-1))).toEqual([
      'manual-backups',
      'restore',
    ]);
    kinsta.acknowledgeWrites();
    expect(kinsta.state.restores).toHaveLength(1);
    expect(String(kinsta.state.restores[0]!.backupId)).toBe(
      String((await t.db.query.websiteBackups.findFirst({ where: (b, { eq }) => eq(b.id, backup.id) }))!.ref),
    );
  });

  it('restores nothing when the backup taken first fails', async () => {
    const { website, backup } = await websiteWithBackups('kinsta');
    kinsta.setFailure('manualBackup', 'server_error');
    try {
      const request = await restore(website.websiteId, {
        backupId: backup.id,
        confirmDomain: website.domain,
      });
      expect(request.status).toBe('failed');
      expect(request.message).toMatch(/the backup taken first failed .*nothing was restored/);
      expect(kinsta.unplannedWrites().map((w) => w.path.split('/').at(-1))).toEqual(['manual-backups']);
      kinsta.acknowledgeWrites();
      expect(kinsta.state.restores).toHaveLength(1);
    } finally {
      kinsta.setFailure('manualBackup', null);
    }
  });
});
