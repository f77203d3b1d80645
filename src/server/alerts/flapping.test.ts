import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { withTransaction } from '../core/context';
import type { IncidentRow } from '../db/schema';
import { dispatchAlert } from './dispatch';

// One flapping site must not fill the bell and the dashboard's activity: news about one check within
// an hour is one entry, back on top, counting the downs since the first.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(() => t.close());

const incident = (id: number, checkId: number) =>
  ({
    id,
    source: 'check',
    checkId,
    monitorId: null,
    serverId: null,
    websiteId: null,
  }) as unknown as IncidentRow;
const say = (about: IncidentRow, event: 'opened' | 'resolved', title: string) =>
  withTransaction(t.services, (tx) =>
    dispatchAlert(
      tx,
      {
        event,
        key: `incident:${about.id}:${event}`,
        title,
        body: `${title}\nmore`,
        link: `/incidents?focus=${about.id}`,
        action: event === 'opened' ? 'check.down' : 'check.up',
      },
      about,
    ),
  );
const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();

describe('a flapping site', () => {
  it('is one entry in the bell and the activity log, counting its downs, until an hour passes', async () => {
    const first = t.clock.now().toISOString();
    for (let i = 0; i < 4; i++) {
      await say(incident(100 + i, 7), 'opened', 'flaky.example is down');
      t.clock.advance(5 * 60_000);
      await say(incident(100 + i, 7), 'resolved', 'flaky.example is back up');
      t.clock.advance(5 * 60_000);
    }
    // Another site's news stays its own.
    await say(incident(200, 8), 'opened', 'steady.example is down');
    const bell = (await get('/api/notifications')).data;
    expect(bell.map((n: { title: string }) => n.title)).toEqual([
      'steady.example is down',
      'flaky.example is back up',
    ]);
    expect(bell[1]).toMatchObject({ downs: 4, since: first, read: false });
    const log = (await get('/api/activity?limit=8')).data;
    expect(log.slice(0, 2).map((a: { message: string }) => a.message)).toEqual([
      'steady.example is down',
      'flaky.example is back up',
    ]);
    expect(log[1]).toMatchObject({ downs: 4, since: first });
    // An hour later it is news again.
    t.clock.advance(61 * 60_000);
    await say(incident(300, 7), 'opened', 'flaky.example is down');
    const later = (await get('/api/notifications')).data;
    expect(later[0]).toMatchObject({ title: 'flaky.example is down', downs: 1, since: null });
    expect(later.filter((n: { title: string }) => n.title.startsWith('flaky'))).toHaveLength(2);
  });

  it('keeps the name as people wrote it: an alert about "blueridge" is not capitalised', async () => {
    t.clock.advance(2 * 3_600_000);
    await say(incident(400, 9), 'opened', 'blueridge is down');
    const log = (await get('/api/activity?limit=1')).data;
    expect(log[0].message).toBe('blueridge is down');
  });
});
