import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKinsta, startFakeKinsta } from '../../../test/fakes/kinsta';
import type { FakeEnvironment } from '../../../test/fakes/kinsta/state';
import { type FakeWordPress, startFakeWordPress } from '../../../test/fakes/wordpress';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { connectKinsta } from '../../../test/support/hosts';
import type { UpdateRun } from '../../shared/updates';
import { websites } from '../db/schema';

// Updates through Kinsta: one operation per plugin, followed until it ends; the versions read back
// from Kinsta's own list.
let t: TestApp;
let cookie: string;
let kinsta: FakeKinsta;
let home: FakeWordPress;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Live environments with a plugin update waiting, with their websites. */
async function environmentsWithUpdates() {
  const found: { env: FakeEnvironment; slug: string; from: string; to: string; websiteId: number }[] = [];
  for (const site of kinsta.state.sites)
    for (const env of site.environments) {
      const plugin = env.plugins.find((p) => p.updateVersion);
      if (!plugin || env.name !== 'live') continue;
      const [w] = await t.db.select().from(websites).where(eq(websites.providerSiteId, env.id));
      if (w)
        found.push({
          env,
          slug: plugin.name,
          from: plugin.version,
          to: plugin.updateVersion!,
          websiteId: w.id,
        });
    }
  return found;
}

beforeAll(async () => {
  // An operation is followed for a second and a half here: long enough for the fake's, short enough to
  // see one that hangs given up on.
  t = await createTestApp({ config: { hostOperations: { pollMs: 1, followMs: 1500 } } });
  kinsta = await startFakeKinsta({ sites: 8, seed: 4, now: t.services.clock.now().getTime() });
  home = await startFakeWordPress({ domains: ['healthy.example'], seed: 4 });
  cookie = await t.signIn();
  await connectKinsta(t, cookie, kinsta);
  expect((await call('PATCH', '/api/integrations/kinsta', { allowUpdates: true })).statusCode).toBe(200);
  // Each site's check: a healthy page stands in for the Kinsta sites here.
  const url = home.homeUrlTemplate.replace('{domain}', 'healthy.example');
  for (const w of await t.db.select().from(websites))
    expect((await call('POST', '/api/checks', { url, websiteId: w.id })).statusCode).toBe(201);
  await t.services.jobs.idle();
});
afterAll(async () => {
  await t.close();
  await Promise.all([kinsta.close(), home.close()]);
});

describe('updates through Kinsta', () => {
  it('backs up, updates through an operation, and reads the version back; a failed operation leaves the site as it was', async () => {
    const [ok, failing] = await environmentsWithUpdates();
    expect(failing).toBeDefined();
    kinsta.setUpdateBehaviour(failing!.env.id, 'fails');
    const created = await call('POST', '/api/updates/runs', {
      items: [{ type: 'plugin', slug: ok!.slug }],
      websiteIds: [ok!.websiteId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const other = await call('POST', '/api/updates/runs', {
      items: [{ type: 'plugin', slug: failing!.slug }],
      websiteIds: [failing!.websiteId],
      skipBackupIfNewerThanMinutes: 1440,
    });
    expect(other.statusCode, other.body).toBe(201);
    await t.services.jobs.idle();

    const run = (await call('GET', `/api/updates/runs/${created.json().id}`)).json() as UpdateRun;
    expect(run.status).toBe('done');
    expect(run.sites[0]).toMatchObject({
      status: 'done',
      items: [{ type: 'plugin', slug: ok!.slug, from: ok!.from, to: ok!.to, result: 'updated' }],
    });
    expect(ok!.env.plugins.find((p) => p.name === ok!.slug)!.version).toBe(ok!.to);

    const failed = (await call('GET', `/api/updates/runs/${other.json().id}`)).json() as UpdateRun;
    expect(failed.status).toBe('failed');
    expect(failed.sites[0]!.reason).toMatch(/Kinsta could not update/);
    expect(failing!.env.plugins.find((p) => p.name === failing!.slug)!.version).toBe(failing!.from);

    // The writes: the first site's backup and update; the second's update (its recent backup was
    // enough) — and nothing else.
    const writes = kinsta.writeBodies().map((w) => `${w.method} ${w.path} ${w.body}`);
    // The two runs go side by side: their writes may come in either order.
    expect(writes.filter((w) => w.includes('/plugins')).sort()).toEqual(
      [
        `PUT /sites/environments/${ok!.env.id}/plugins ${JSON.stringify({ name: ok!.slug, update_version: ok!.to })}`,
        `PUT /sites/environments/${failing!.env.id}/plugins ${JSON.stringify({ name: failing!.slug, update_version: failing!.to })}`,
      ].sort(),
    );
    expect(writes.filter((w) => w.includes('manual-backups')).length).toBeGreaterThanOrEqual(1);
    kinsta.acknowledgeWrites();
    expect(kinsta.unplannedWrites()).toEqual([]);
  });

  it('an update Kinsta never finishes is given up on, the versions read say it did not take, nothing more is sent', async () => {
    const candidates = await environmentsWithUpdates();
    const hanging = candidates.find((c) => c.env.plugins.find((p) => p.name === c.slug)?.updateVersion);
    expect(hanging).toBeDefined();
    kinsta.setUpdateBehaviour(hanging!.env.id, 'hangs');
    const updatesOf = () =>
      kinsta.writeBodies().filter((w) => w.path.endsWith('/plugins') && w.path.includes(hanging!.env.id));
    const before = updatesOf().length;
    const created = await call('POST', '/api/updates/runs', {
      items: [{ type: 'plugin', slug: hanging!.slug }],
      websiteIds: [hanging!.websiteId],
      skipBackupIfNewerThanMinutes: 1440,
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.services.jobs.idle();
    const run = (await call('GET', `/api/updates/runs/${created.json().id}`)).json() as UpdateRun;
    const site = run.sites[0]!;
    expect(site.status).toBe('failed');
    expect(site.items[0]).toMatchObject({ result: 'not-changed' });
    const update = site.steps.find((s) => s.step === 'update' && s.result === 'ok');
    expect(update?.detail).toMatch(
      /Kinsta had not finished updating .* the versions read next say what it did/,
    );
    expect(site.steps.find((s) => s.step === 'verify')?.result).toBe('failed');
    expect(site.steps.at(-1)).toMatchObject({ step: 'close-maintenance', result: 'ok' });
    // One update asked for, never asked again, and no rollback of what never changed.
    expect(updatesOf().length - before).toBe(1);
    kinsta.setUpdateBehaviour(hanging!.env.id, 'succeeds');
    kinsta.acknowledgeWrites();
    expect(kinsta.unplannedWrites()).toEqual([]);
  });
});
