import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { insertUpdatableSite, type UpdatableSite } from '../../../test/support/update-sites';
import type { UpdateRunPlan } from '../../shared/updates';
import { integrations, updateRunSites, updateRuns } from '../db/schema';

// The plan a run would follow, shown before the run is asked for: each site's items installed → target
// and its newest backup, the sites left out with their reasons. Nothing is written.
let t: TestApp;
let staff: string;
let viewer: string;
const ids: Record<string, number> = {};
const BACKUP_AT = '2026-01-02T03:04:05.000Z';

async function site(domain: string, opts: UpdatableSite = {}) {
  ids[domain] = await insertUpdatableSite(t.db, t.services.clock.now(), domain, opts);
}

const plan = (payload: unknown, cookie = staff) =>
  t.app.inject({ method: 'POST', url: '/api/updates/plan', headers: { cookie }, payload: payload as object });
const runCount = async () => (await t.db.select().from(updateRuns)).length;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn({
    username: 'sam',
    email: 'sam@example.com',
    password: 'correct horse',
    role: 'staff',
  });
  viewer = await t.signIn({
    username: 'val',
    email: 'val@example.com',
    password: 'correct horse',
    role: 'viewer',
  });
  await t.db
    .insert(integrations)
    .values({ provider: 'gridpane', enabled: true, allowUpdates: true, secrets: 'x' });
  // Planned in domain order: the left-out sites sort before the ones to update, and are listed after them.
  await site('a-current.example', { plugins: [['forms', '1.2.0', null]] });
  await site('b-down.example', { health: 'down', plugins: [['forms', '1.0.0', '1.2.0']] });
  await site('c-ready.example', { backupAt: BACKUP_AT, plugins: [['forms', '1.0.0', '1.2.0']] });
  await site('d-ready.example', { plugins: [['forms', '1.1.0', '1.2.0']] });
});
afterAll(() => t.close());

describe('POST /api/updates/plan', () => {
  it('gives Staff each site to update with its items and newest backup, then those left out with why', async () => {
    const res = await plan({ items: [{ type: 'plugin', slug: 'forms' }], websiteIds: Object.values(ids) });
    expect(res.statusCode, res.body).toBe(200);
    const body: UpdateRunPlan = res.json();
    expect(body).toEqual({
      pending: 2,
      skipped: 2,
      sites: [
        {
          websiteId: ids['c-ready.example'],
          domain: 'c-ready.example',
          host: 'gridpane',
          status: 'pending',
          reason: null,
          items: [{ type: 'plugin', slug: 'forms', from: '1.0.0', to: '1.2.0' }],
          lastBackupAt: BACKUP_AT,
        },
        {
          websiteId: ids['d-ready.example'],
          domain: 'd-ready.example',
          host: 'gridpane',
          status: 'pending',
          reason: null,
          items: [{ type: 'plugin', slug: 'forms', from: '1.1.0', to: '1.2.0' }],
          lastBackupAt: null,
        },
        {
          websiteId: ids['a-current.example'],
          domain: 'a-current.example',
          host: 'gridpane',
          status: 'skipped',
          reason: 'Nothing to update: no update of forms is offered (at 1.2.0)',
          items: [],
          lastBackupAt: null,
        },
        {
          websiteId: ids['b-down.example'],
          domain: 'b-down.example',
          host: 'gridpane',
          status: 'skipped',
          reason: 'The site is down: it is updated only once it is back up',
          items: [],
          lastBackupAt: null,
        },
      ],
    });
    expect(await runCount()).toBe(0);
  });

  it('answers a plan with nothing to update, with the reasons, where a run is refused', async () => {
    const body = { items: [{ type: 'plugin', slug: 'forms' }], websiteIds: [ids['a-current.example']!] };
    const res = await plan(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      pending: 0,
      skipped: 1,
      sites: [
        {
          domain: 'a-current.example',
          status: 'skipped',
          reason: expect.stringMatching(/^Nothing to update/),
        },
      ],
    });
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/updates/runs',
      headers: { cookie: staff },
      payload: body,
    });
    expect(run.statusCode).toBe(400);
    expect(run.json()).toMatchObject({ code: 'nothing_to_update' });
    expect(await plan({ items: [{ type: 'plugin', slug: 'nowhere' }] }).then((r) => r.json())).toEqual({
      sites: [],
      pending: 0,
      skipped: 0,
    });
  });

  it('refuses a body as POST /api/updates/runs does, with the same messages', async () => {
    for (const [payload, said] of [
      [{ items: [] }, 'Choose at least one thing to update'],
      [{ items: [{ type: 'plugin' }] }, 'needs its slug'],
      [{ items: [{ type: 'core', slug: 'x' }] }, 'needs its slug'],
      [{ items: [{ type: 'plugin', slug: 'Bad Slug' }] }, 'slug must be'],
      [{ items: [{ type: 'plugin', slug: 'a' }], websiteIds: [1], clientId: 1 }, 'not both'],
      [{ items: [{ type: 'plugin', slug: 'a' }], concurrency: 11 }, 'at most 10'],
      [{ items: [{ type: 'plugin', slug: 'a' }], startsAt: 'tomorrow' }, 'startsAt must be a date and time'],
      [{ items: [{ type: 'plugin', slug: 'a' }], websiteIds: [999_999] }, 'No website with id 999999'],
      [{ items: [{ type: 'plugin', slug: 'a' }], clientId: 999_999 }, 'That client does not exist'],
    ] as const) {
      const name = JSON.stringify(payload);
      const [previewed, asked] = await Promise.all([
        plan(payload),
        t.app.inject({ method: 'POST', url: '/api/updates/runs', headers: { cookie: staff }, payload }),
      ]);
      expect(previewed.statusCode, name).toBe(400);
      expect(JSON.stringify(previewed.json()), name).toContain(said);
      expect(asked.statusCode, name).toBe(400);
      expect(previewed.json(), name).toEqual(asked.json());
    }
    expect(await runCount()).toBe(0);
  });

  it('takes a named version only in the version grammar, in a plan as in a run', async () => {
    const refused = [
      '9.3.4 --exec=phpinfo()',
      '6.4--force',
      '1.0.0-',
      'latest',
      '1;rm',
      '$(x)',
      '',
      `1.0.0-${'a'.repeat(30)}`,
    ];
    for (const targetVersion of refused) {
      const payload = { items: [{ type: 'plugin', slug: 'forms', targetVersion }] };
      const [previewed, asked] = await Promise.all([
        plan(payload),
        t.app.inject({ method: 'POST', url: '/api/updates/runs', headers: { cookie: staff }, payload }),
      ]);
      expect(previewed.statusCode, targetVersion).toBe(400);
      expect(previewed.json().fieldErrors['items.0.targetVersion'][0], targetVersion).toMatch(
        /^targetVersion must be a version such as 6\.0\.2 or 1\.0\.0-beta\.2/,
      );
      expect(asked.statusCode, targetVersion).toBe(400);
      expect(previewed.json(), targetVersion).toEqual(asked.json());
    }
    const accepted = await plan({
      items: [{ type: 'plugin', slug: 'forms', targetVersion: '1.2.1-beta.2' }],
      websiteIds: [ids['d-ready.example']!],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().sites[0].items).toEqual([
      { type: 'plugin', slug: 'forms', from: '1.1.0', to: '1.2.1-beta.2' },
    ]);
    expect(await runCount()).toBe(0);
  });

  it('is for Staff and up: a viewer gets 403', async () => {
    const res = await plan({ items: [{ type: 'plugin', slug: 'forms' }] }, viewer);
    expect(res.statusCode).toBe(403);
  });

  it('writes nothing: no run and no site of a run', async () => {
    await plan({ items: [{ type: 'plugin', slug: 'forms' }] });
    expect(await runCount()).toBe(0);
    expect(await t.db.select().from(updateRunSites)).toEqual([]);
  });
});
