import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKinsta, startFakeKinsta } from '../../../test/fakes/kinsta';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { connectKinsta } from '../../../test/support/hosts';
import { insertWebsites } from '../../../test/support/websites';
import { BACKUP_THRESHOLD_HOURS, type BackupListItem, type BackupState } from '../../shared/backups';
import { KINSTA_SYNC_JOB } from '../providers/kinsta/keys';

let t: TestApp;
let cookie: string;
let fake: FakeKinsta;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeKinsta({ sites: 10, seed: 11, now: t.services.clock.now().getTime() });
  cookie = await t.signIn();
  await connectKinsta(t, cookie, fake);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  for (const route of ['backups', 'downloadable'] as const) fake.setFailure(route, null);
  // Reading backups never writes to the host.
  expect(fake.unplannedWrites()).toEqual([]);
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** What the fake Kinsta holds, per live or staging domain: its newest backup (or none). */
function expectedNewest(): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const site of fake.state.sites) {
    for (const env of site.environments) {
      const times = [...env.backups, ...env.downloadable].map((b) => b.createdAt);
      out.set(env.domains[0]!, times.length ? Math.max(...times) : null);
    }
  }
  return out;
}

function expectedState(newest: number | null): BackupState {
  if (newest === null) return 'never';
  const age = t.services.clock.now().getTime() - newest;
  return age > BACKUP_THRESHOLD_HOURS * 3_600_000 ? 'old' : 'recent';
}

async function allItems(query = ''): Promise<BackupListItem[]> {
  const res = await get(`/api/backups?pageSize=200${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('Backups', () => {
  it('counts the fleet by the state of each website’s newest backup', async () => {
    const expected = { recent: 0, old: 0, never: 0, unknown: 0 };
    for (const newest of expectedNewest().values()) expected[expectedState(newest)]++;
    // The fake has sites of every kind, or this test proves little.
    expect(expected.recent).toBeGreaterThan(0);
    expect(expected.old + expected.never).toBeGreaterThan(0);
    const res = await get('/api/backups/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...expected,
      // Kinsta does not say whether automatic backups or off-site copies are on: never counted as off.
      remoteOff: 0,
      automaticOff: 0,
      thresholdHours: BACKUP_THRESHOLD_HOURS,
    });
  });

  it('lists every website worst first, with its newest backup as Kinsta lists it', async () => {
    const items = await allItems();
    const newest = expectedNewest();
    expect(items).toHaveLength(newest.size);
    for (const item of items) {
      const at = newest.get(item.domain);
      expect(item.lastBackupAt, item.domain).toBe(at ? new Date(at).toISOString() : null);
      expect(item.state, item.domain).toBe(expectedState(at ?? null));
      expect(item).toMatchObject({ host: 'kinsta', schedule: null, retentionDays: null });
      expect(item.readAt).not.toBeNull();
    }
    const rank: Record<BackupState, number> = { never: 0, old: 1, unknown: 2, recent: 3 };
    const ranks = items.map((i) => rank[i.state]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Among the old ones, the oldest first.
    const old = items.filter((i) => i.state === 'old').map((i) => i.lastBackupAt!);
    expect(old).toEqual([...old].sort());
  });

  it('filters by state and host, pages, and refuses a state it does not know', async () => {
    // Each state's filter keeps exactly the websites of that state.
    const every = await allItems();
    for (const state of ['never', 'old', 'unknown', 'recent'] as const) {
      const filtered = await allItems(`&state=${state}`);
      expect(filtered.map((i) => i.websiteId).sort(), state).toEqual(
        every
          .filter((i) => i.state === state)
          .map((i) => i.websiteId)
          .sort(),
      );
    }
    const page = (await get('/api/backups?page=2&pageSize=3&sort=domain')).json();
    const all = (await allItems('&sort=domain')).map((i) => i.domain);
    expect(page.data.map((i: BackupListItem) => i.domain)).toEqual(all.slice(3, 6));
    expect(page.total).toBe(all.length);
    expect((await allItems('&host=gridpane')).length).toBe(0);
    const bad = await get('/api/backups?state=fresh');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/state must be one of: never, old, unknown, recent/);
  });

  it('shows one website’s backups newest first, each with its kind and note', async () => {
    const item = (await allItems('&state=recent'))[0]!;
    const res = await get(`/api/websites/${item.websiteId}/backups`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      state: 'recent',
      host: 'kinsta',
      lastBackupAt: item.lastBackupAt,
      error: null,
    });
    const times = body.backups.map((b: { at: string }) => b.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.backups[0].at).toBe(item.lastBackupAt);
    expect(
      body.backups.some(
        (b: { kind: string; note: string }) => b.kind === 'automatic' && b.note === 'Daily Auto Backup',
      ),
    ).toBe(true);
    expect((await get('/api/websites/999999/backups')).statusCode).toBe(404);
  });

  it('shows a website whose host was never read as not known yet, with its host', async () => {
    const { 'never-read.example': id } = await insertWebsites(t.db, ['never-read.example']);
    const res = await get(`/api/websites/${id}/backups`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'unknown',
      host: 'gridpane',
      lastBackupAt: null,
      readAt: null,
      backups: [],
      lastRequest: null,
    });
  });

  it('keeps the last good backups when Kinsta fails, and says why on the website', async () => {
    const item = (await allItems('&state=recent'))[0]!;
    fake.setFailure('backups', 'server_error');
    await t.services.jobs.send(KINSTA_SYNC_JOB).catch(() => undefined);
    await t.services.jobs.idle();
    const body = (await get(`/api/websites/${item.websiteId}/backups`)).json();
    expect(body.lastBackupAt).toBe(item.lastBackupAt);
    expect(body.backups.length).toBeGreaterThan(0);
    expect(body.error?.message).toMatch(/Kinsta/);
  });

  it('judges a website by its own threshold when it has one, and by the default again when cleared', async () => {
    const item = (await allItems('&state=old'))[0]!;
    const patch = (payload: Record<string, unknown>, headers = { cookie }) =>
      t.app.inject({ method: 'PATCH', url: `/api/websites/${item.websiteId}/backups`, headers, payload });
    const ageHours = (t.services.clock.now().getTime() - Date.parse(item.lastBackupAt!)) / 3_600_000;
    const before = (await get('/api/backups/summary')).json();

    const longer = await patch({ thresholdHours: Math.ceil(ageHours) + 1 });
    expect(longer.statusCode).toBe(200);
    expect(longer.json()).toMatchObject({
      state: 'recent',
      thresholdHours: Math.ceil(ageHours) + 1,
      ownThreshold: true,
    });
    expect((await allItems('&state=recent')).map((i) => i.websiteId)).toContain(item.websiteId);
    expect((await allItems('&state=old')).map((i) => i.websiteId)).not.toContain(item.websiteId);
    expect((await get('/api/backups/summary')).json()).toMatchObject({
      recent: before.recent + 1,
      old: before.old - 1,
      thresholdHours: BACKUP_THRESHOLD_HOURS,
    });
    // A fresh read of the host keeps the website's own threshold.
    await t.services.jobs.send(KINSTA_SYNC_JOB);
    await t.services.jobs.idle();
    expect((await get(`/api/websites/${item.websiteId}/backups`)).json()).toMatchObject({
      state: 'recent',
      ownThreshold: true,
    });

    const cleared = await patch({ thresholdHours: null });
    expect(cleared.json()).toMatchObject({
      state: 'old',
      thresholdHours: BACKUP_THRESHOLD_HOURS,
      ownThreshold: false,
    });
    expect((await get('/api/backups/summary')).json()).toMatchObject({
      recent: before.recent,
      old: before.old,
    });
  });

  it('refuses a threshold that is not a whole number of hours up to a month, and a viewer', async () => {
    const item = (await allItems())[0]!;
    const url = `/api/websites/${item.websiteId}/backups`;
    for (const thresholdHours of [0, 1.5, 721, '26', undefined]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { cookie },
        payload: { thresholdHours },
      });
      expect(res.statusCode, String(thresholdHours)).toBe(400);
      expect(res.json().message).toMatch(/whole number of hours from 1 to 720|thresholdHours/);
    }
    const unknown = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { cookie },
      payload: { thresholdHours: 48, alertAfter: 3 },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await get(url)).json().ownThreshold).toBe(false);
    const viewer = await t.signIn({
      username: 'vera',
      email: 'vera@example.com',
      password: 'correct horse',
      role: 'viewer',
    });
    const denied = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: viewer },
      payload: { thresholdHours: 48 },
    });
    expect(denied.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/websites/999999/backups',
      headers: { cookie },
      payload: { thresholdHours: 48 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('exports the list as CSV in its order', async () => {
    const res = await get('/api/backups/export.csv?sort=domain');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Website,Host,Client,State,Last backup,Where,Schedule,Automatic backups,Retention (days),Read at',
    );
    const domains = (await allItems('&sort=domain')).map((i) => i.domain);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(domains);
  });

  it('puts each website’s last backup by the period’s end in its client’s report', async () => {
    const item = (await allItems('&state=recent'))[0]!;
    const client = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { cookie },
      payload: { name: 'Backup Report Client' },
    });
    const clientId = client.json().id as number;
    await t.app.inject({
      method: 'PUT',
      url: `/api/websites/${item.websiteId}/client`,
      headers: { cookie },
      payload: { clientId },
    });
    // A period that ended two days ago: the backups since then are not "by its end".
    const end = new Date(t.services.clock.now().getTime() - 2 * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const from = day(new Date(end.getTime() - 6 * 86_400_000));
    const report = (await get(`/api/clients/${clientId}/report?from=${from}&to=${day(end)}`)).json();
    const site = report.websites.find((w: { websiteId: number }) => w.websiteId === item.websiteId);
    const detail = (await get(`/api/websites/${item.websiteId}/backups`)).json();
    // The agency's day ends at midnight UTC here: the newest backup before the next day's start.
    expect(report.timeZone).toBe('UTC');
    const periodEnd = new Date(Date.parse(report.to) + 86_400_000).toISOString();
    const expected = (detail.backups as { at: string }[]).map((b) => b.at).filter((at) => at < periodEnd)[0];
    expect(site.backupsReadAt).not.toBeNull();
    expect(expected).toBeDefined();
    expect(site.lastBackupAt).toBe(expected);
    expect(site.lastBackupAt < item.lastBackupAt!).toBe(true);
  });
});
