import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupPlan,
  type FakeGridPane,
  LOCAL_RETAIN_DAYS,
  newestFakeBackup,
  startFakeGridPane,
} from '../../../test/fakes/gridpane';
import { createTestApp, type TestApp } from '../../../test/support/app';
import type { BackupListItem } from '../../shared/backups';
import { readGridPaneBackups } from './gridpane-backups';

let t: TestApp;
let cookie: string;
let fake: FakeGridPane;
let now: number;

beforeAll(async () => {
  t = await createTestApp();
  now = t.services.clock.now().getTime();
  fake = await startFakeGridPane({
    servers: 3,
    sites: 40,
    seed: 5,
    endpointLimit: 10_000,
    totalLimit: 10_000,
    backupsNow: () => now,
  });
  cookie = await t.signIn();
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/gridpane',
    headers: { cookie },
    payload: { accessToken: fake.token, baseUrl: fake.url },
  });
  expect(saved.statusCode).toBe(200);
  await t.services.jobs.idle();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** The fake's site id behind each domain. */
const siteIdOf = (domain: string) => Number(fake.fleet.sites.find((s) => s.url === domain)!.id);

describe('GridPane backups', () => {
  it('reads each site’s backups, schedule and retention, the never-read first, in rounds', async () => {
    const first = await readGridPaneBackups(t.services, { sites: 25 });
    expect(first).toEqual({ read: 25, failed: 0, due: 25, stoppedBy: null });
    const second = await readGridPaneBackups(t.services, { sites: 25 });
    expect(second).toMatchObject({ read: 15, due: 15, stoppedBy: null });
    // Everything was read within the day: the next round has nothing to do.
    expect(await readGridPaneBackups(t.services, { sites: 25 })).toMatchObject({ read: 0, due: 0 });
    // Reading backups never writes to GridPane.
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('shows every site’s newest backup, where it is kept, its schedule and retention', async () => {
    const items = (await get('/api/backups?pageSize=200&host=gridpane')).json().data as BackupListItem[];
    expect(items).toHaveLength(40);
    const patterns = new Set<string>();
    for (const item of items) {
      const siteId = siteIdOf(item.domain);
      const plan = backupPlan(siteId);
      patterns.add(plan.pattern);
      const newest = newestFakeBackup(siteId, now);
      expect(item.lastBackupAt, item.domain).toBe(newest?.toISOString() ?? null);
      if (plan.pattern === 'regular') {
        expect(item).toMatchObject({ state: 'recent', schedule: 'daily', retentionDays: LOCAL_RETAIN_DAYS });
      } else if (plan.pattern === 'stopped') {
        expect(item).toMatchObject({ state: 'old', schedule: null, automatic: false });
      } else {
        expect(item).toMatchObject({ state: 'never', lastBackupAt: null });
      }
    }
    // The fake's fleet has every pattern, or this test proves little.
    expect(patterns).toEqual(new Set(['regular', 'stopped', 'none']));
  });

  it('counts automatic backups off and no off-site copy as the schedules say', async () => {
    const plans = fake.fleet.sites.map((s) => backupPlan(Number(s.id)));
    const summary = (await get('/api/backups/summary?host=gridpane')).json();
    expect(summary.automaticOff).toBe(plans.filter((p) => p.pattern !== 'regular').length);
    expect(summary.remoteOff).toBe(plans.filter((p) => p.pattern !== 'regular' || !p.remote).length);
    const remote = fake.fleet.sites.find((s) => {
      const p = backupPlan(Number(s.id));
      return p.pattern === 'regular' && p.remote;
    })!;
    const id = (await get(`/api/backups?pageSize=200&q=${remote.url}`)).json().data[0].websiteId;
    const detail = (await get(`/api/websites/${id}/backups`)).json();
    expect(detail).toMatchObject({ remote: true, automatic: true, schedule: 'daily' });
    expect(detail.backups.some((b: { service: string | null }) => b.service === 'wasabi')).toBe(true);
  });

  it('ends a round at GridPane’s limit without blaming the site, and carries on in the next', async () => {
    const limited = await startFakeGridPane({
      servers: 1,
      sites: 8,
      seed: 9,
      endpointLimit: 3,
      totalLimit: 10_000,
    });
    const app = await createTestApp();
    try {
      const signed = await app.signIn();
      await app.app.inject({
        method: 'POST',
        url: '/api/integrations/gridpane',
        headers: { cookie: signed },
        payload: { accessToken: limited.token, baseUrl: limited.url },
      });
      await app.services.jobs.idle();
      const round = await readGridPaneBackups(app.services, { sites: 8 });
      expect(round).toMatchObject({ read: 3, failed: 0, stoppedBy: 'rate_limited' });
      const items = (
        await app.app.inject({ method: 'GET', url: '/api/backups?pageSize=50', headers: { cookie: signed } })
      ).json().data as BackupListItem[];
      expect(items.filter((i) => i.readAt !== null)).toHaveLength(3);
      expect(items.filter((i) => i.state === 'unknown')).toHaveLength(5);
    } finally {
      await app.close();
      await limited.close();
    }
  });
});
