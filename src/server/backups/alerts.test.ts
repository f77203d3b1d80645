import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKinsta, startFakeKinsta } from '../../../test/fakes/kinsta';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { connectKinsta } from '../../../test/support/hosts';
import type { BackupListItem } from '../../shared/backups';
import { activity } from '../db/schema';
import { alertOverdueBackups } from './alerts';

let t: TestApp;
let cookie: string;
let fake: FakeKinsta;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeKinsta({ sites: 20, seed: 11, now: t.services.clock.now().getTime() });
  cookie = await t.signIn();
  await connectKinsta(t, cookie, fake);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  expect(fake.unplannedWrites()).toEqual([]);
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const entries = async (action: string) =>
  (await t.db.select().from(activity).where(eq(activity.action, action))).map((a) => a.message);

describe('Backup alerts', () => {
  it('alerts each website with no backup younger than the threshold once, and not one never read', async () => {
    const summary = (await get('/api/backups/summary')).json();
    const overdue = summary.old + summary.never;
    expect(overdue).toBeGreaterThan(0);
    expect(await alertOverdueBackups(t.services)).toEqual({ overdue, recovered: 0 });
    const items = (await get('/api/backups?pageSize=200')).json().data as BackupListItem[];
    const alerted = await entries('backup.overdue');
    expect(alerted).toHaveLength(overdue);
    for (const item of items.filter((i) => i.state === 'old' || i.state === 'never'))
      expect(alerted.some((m) => m.startsWith(item.domain))).toBe(true);
    // Once: the next run says nothing new.
    expect(await alertOverdueBackups(t.services)).toEqual({ overdue: 0, recovered: 0 });
  });

  it('says a website is back in order once a backup lands', async () => {
    const old = ((await get('/api/backups?pageSize=200&state=old')).json().data as BackupListItem[])[0]!;
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/websites/${old.websiteId}/backups`,
      headers: { cookie },
      payload: { tag: 'catch-up' },
    });
    expect(asked.statusCode).toBe(202);
    await t.services.jobs.idle();
    fake.acknowledgeWrites();
    expect(await alertOverdueBackups(t.services)).toEqual({ overdue: 0, recovered: 1 });
    expect(await entries('backup.recovered')).toEqual([expect.stringMatching(new RegExp(`^${old.domain}`))]);
  });

  it('waits for a website’s own threshold, and names it', async () => {
    const old = ((await get('/api/backups?pageSize=200&state=old')).json().data as BackupListItem[])[0]!;
    const ageHours = Math.ceil(
      (t.services.clock.now().getTime() - Date.parse(old.lastBackupAt!)) / 3_600_000,
    );
    const set = (thresholdHours: number | null) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/websites/${old.websiteId}/backups`,
        headers: { cookie },
        payload: { thresholdHours },
      });
    // A longer threshold: its backup is recent again, and it is back in order.
    expect((await set(ageHours + 2)).statusCode).toBe(200);
    expect(await alertOverdueBackups(t.services)).toEqual({ overdue: 0, recovered: 1 });
    // Past its own threshold it alerts with its own hours.
    t.clock.advance(3 * 3_600_000);
    expect(await alertOverdueBackups(t.services)).toEqual({ overdue: 1, recovered: 0 });
    const alerted = await entries('backup.overdue');
    expect(alerted.at(-1)).toMatch(new RegExp(`^${old.domain}: no backup for over ${ageHours + 2} h`));
    expect((await set(null)).statusCode).toBe(200);
  });

  it('tells of many newly overdue websites in one alert', async () => {
    // Two days later every site's newest backup is too old.
    t.clock.advance(48 * 3_600_000);
    const before = (await entries('backup.overdue')).length;
    const run = await alertOverdueBackups(t.services);
    expect(run.overdue).toBeGreaterThan(10);
    const added = (await entries('backup.overdue')).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(new RegExp(`^${run.overdue} websites have no backup younger than 26 h`));
  });
});
