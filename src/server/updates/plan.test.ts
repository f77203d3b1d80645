import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { insertUpdatableSite, type UpdatableSite } from '../../../test/support/update-sites';
import { integrations, maintenanceWindows } from '../db/schema';
import { type PlannedSite, planUpdateRun, previewUpdateRun } from './plan';

// Which sites a run updates, to which versions, and why the others are left out: read from what each
// site runs (HD Snapshot or Kinsta), its health, the maintenance windows and the hosts' switches.
let t: TestApp;
const ids: Record<string, number> = {};

async function site(domain: string, opts: UpdatableSite = {}) {
  ids[domain] = await insertUpdatableSite(t.db, t.services.clock.now(), domain, opts);
}

const byDomain = (plan: PlannedSite[]) => new Map(plan.map((s) => [s.domain, s]));

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(integrations).values([
    { provider: 'gridpane', enabled: true, allowUpdates: true, secrets: 'x' },
    { provider: 'kinsta', enabled: true, allowUpdates: false, secrets: 'x' },
  ]);
  await site('ready.example', { plugins: [['forms', '1.0.0', '1.2.0']] });
  await site('current.example', { plugins: [['forms', '1.2.0', null]] });
  await site('none.example', { plugins: [['other', '2.0.0', '2.1.0']] });
  await site('down.example', { health: 'down', plugins: [['forms', '1.0.0', '1.2.0']] });
  await site('blind.example', { source: null, plugins: [['forms', '1.0.0', '1.2.0']] });
  await site('windowed.example', { plugins: [['forms', '1.0.0', '1.2.0']] });
  await site('kinsta.example', { host: 'kinsta', plugins: [['forms', '1.0.0', '1.2.0']] });
  await t.db.insert(maintenanceWindows).values({
    startsAt: t.services.clock.now(),
    durationMinutes: 60,
    websiteIds: [ids['windowed.example']!],
  });
});
afterAll(() => t.close());

describe('planning an update run', () => {
  it('updates a plugin where an update waits, and says why each other site is left out', async () => {
    const plan = byDomain(
      await planUpdateRun(t.services, {
        items: [{ type: 'plugin', slug: 'forms' }],
        websiteIds: Object.values(ids),
      }),
    );
    expect(plan.get('ready.example')).toMatchObject({
      status: 'pending',
      reason: null,
      items: [{ type: 'plugin', slug: 'forms', from: '1.0.0', to: '1.2.0' }],
    });
    const reasons = Object.fromEntries([...plan].map(([d, s]) => [d, s.reason]));
    expect(reasons).toMatchObject({
      'current.example': 'Nothing to update: no update of forms is offered (at 1.2.0)',
      'none.example': 'Nothing to update: forms is not installed',
      'down.example': 'The site is down: it is updated only once it is back up',
      'blind.example': expect.stringMatching(/HD Snapshot .* has not answered on this site/),
      'windowed.example': 'In a maintenance window someone opened: it is not updated during it',
      'kinsta.example': 'Updates through Kinsta are off: an Admin can allow them on Integrations',
    });
  });

  it('takes a version asked for, never an older one', async () => {
    const plan = byDomain(
      await planUpdateRun(t.services, {
        items: [{ type: 'plugin', slug: 'forms', targetVersion: '1.1.0' }],
        websiteIds: [ids['ready.example']!, ids['current.example']!],
      }),
    );
    expect(plan.get('ready.example')!.items).toEqual([
      { type: 'plugin', slug: 'forms', from: '1.0.0', to: '1.1.0' },
    ]);
    expect(plan.get('current.example')!.reason).toBe('Nothing to update: forms is at 1.2.0 already');
  });

  it('moves WordPress within its branch unless a version is named, and never through Kinsta', async () => {
    const minor = byDomain(
      await planUpdateRun(t.services, { items: [{ type: 'core' }], websiteIds: [ids['ready.example']!] }),
    );
    // wordpress.org's list of releases was never read here: the newest of the branch is not known.
    expect(minor.get('ready.example')!.reason).toBe(
      "Nothing to update: wordpress.org's list of releases has not been read yet",
    );
    const major = byDomain(
      await planUpdateRun(t.services, {
        items: [{ type: 'core', targetVersion: '6.9' }],
        websiteIds: [ids['ready.example']!, ids['kinsta.example']!],
      }),
    );
    expect(major.get('ready.example')!.items).toEqual([
      { type: 'core', slug: null, from: '6.8.1', to: '6.9' },
    ]);
    await t.db.update(integrations).set({ allowUpdates: true });
    const kinsta = byDomain(
      await planUpdateRun(t.services, {
        items: [{ type: 'core', targetVersion: '6.9' }],
        websiteIds: [ids['kinsta.example']!],
      }),
    );
    expect(kinsta.get('kinsta.example')!.reason).toBe(
      "Nothing to update: Kinsta's API updates plugins and themes, not WordPress itself",
    );
  });

  it('without websites, takes every site that runs the plugin', async () => {
    const plan = await planUpdateRun(t.services, { items: [{ type: 'plugin', slug: 'forms' }] });
    expect(plan.map((s) => s.domain).sort()).toEqual(
      [
        'blind.example',
        'current.example',
        'down.example',
        'kinsta.example',
        'ready.example',
        'windowed.example',
      ].sort(),
    );
    expect(
      plan
        .filter((s) => s.status === 'pending')
        .map((s) => s.domain)
        .sort(),
    ).toEqual(['kinsta.example', 'ready.example']);
  });

  it('leaves out an item whose version the site reports outside the version grammar, saying so safely', async () => {
    const injected = '9.3.4 --exec=phpinfo()';
    const long = `1.0.${'9'.repeat(60)}`;
    await site('tampered.example', { plugins: [['gallery', '9.3.3', injected]] });
    await site('tampered-installed.example', { plugins: [['gallery', '1.0;rm', '9.3.4']] });
    await site('tampered-long.example', { plugins: [['gallery', '9.3.3', long]] });
    await site('mixed.example', {
      plugins: [
        ['gallery', '9.3.3', injected],
        ['forms', '1.0.0', '1.2.0'],
      ],
    });
    const body = {
      items: [
        { type: 'plugin' as const, slug: 'gallery' },
        { type: 'plugin' as const, slug: 'forms' },
      ],
      websiteIds: [
        'tampered.example',
        'tampered-installed.example',
        'tampered-long.example',
        'mixed.example',
      ].map((d) => ids[d]!),
    };
    const plan = byDomain(await planUpdateRun(t.services, body));
    expect(plan.get('tampered.example')).toMatchObject({
      status: 'skipped',
      items: [],
      reason: `Nothing to update: the site reports an invalid version '${injected}' for gallery; forms is not installed`,
    });
    expect(plan.get('tampered-installed.example')!.reason).toBe(
      "Nothing to update: the site reports an invalid version '1.0;rm' for gallery; forms is not installed",
    );
    // A long value is cut, never quoted whole.
    expect(plan.get('tampered-long.example')!.reason).toContain(
      `the site reports an invalid version '${long.slice(0, 40)}…' for gallery`,
    );
    // A site with something else to update is updated for it, the tampered item left out with why.
    expect(plan.get('mixed.example')).toMatchObject({
      status: 'pending',
      reason: null,
      items: [{ type: 'plugin', slug: 'forms', from: '1.0.0', to: '1.2.0' }],
      leftOut: [
        {
          type: 'plugin',
          slug: 'gallery',
          reason: `the site reports an invalid version '${injected}' for gallery`,
        },
      ],
    });
    const preview = await previewUpdateRun(t.services, body);
    expect(preview.sites.find((s) => s.domain === 'mixed.example')!.leftOut).toEqual([
      {
        type: 'plugin',
        slug: 'gallery',
        reason: `the site reports an invalid version '${injected}' for gallery`,
      },
    ]);
    expect(JSON.stringify(preview)).not.toContain(long);
  });
});
