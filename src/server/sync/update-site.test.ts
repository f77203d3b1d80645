import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGridPane, startFakeGridPane } from '../../../test/fakes/gridpane';
import type { OnWpCli } from '../../../test/fakes/gridpane/wp-cli';
import { connectWpCli, type FakeWordPress, startFakeWordPress } from '../../../test/fakes/wordpress';
import { createTestApp, type TestApp } from '../../../test/support/app';
import type { UpdateRun } from '../../shared/updates';
import {
  activity,
  auditLog,
  maintenanceWindows,
  updateRunSites,
  updateRuns,
  websiteFacts,
  websiteSoftware,
  websites,
} from '../db/schema';
import { recordStep, UPDATE_SITE_JOB } from '../updates';
import { readGridPaneBackups } from './gridpane-backups';
import { sweepFacts } from './hdsnapshot';
import { runUpdateSite } from './update-site';

// Safe updates against the fakes: GridPane runs WP-CLI on a fake WordPress whose HD Snapshot reports
// the new versions a moment later, and whose home page can break after an update.
let t: TestApp;
let cookie: string;
let gridpane: FakeGridPane;
let wordpress: FakeWordPress;
const SITES = 16;
/** What GridPane's WP-CLI endpoint does instead of the usual, for one test. */
let wpCliHook: OnWpCli | null = null;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = { cookie }) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** The website of a domain as the GridPane sync made it. */
async function websiteOf(domain: string) {
  const [w] = await t.db
    .select()
    .from(websites)
    .where(eq(websites.domain, domain.replace(/^www\./, '').toLowerCase()));
  return w!;
}

/** A plugin with an update waiting on several sites, and those sites. */
function pluginOnSeveralSites(count: number) {
  const bySlug = new Map<string, string[]>();
  for (const s of gridpane.fleet.sites) {
    const domain = String(s.url);
    for (const p of wordpress.expected(domain).plugins ?? [])
      if (p.update_version) bySlug.set(p.slug, [...(bySlug.get(p.slug) ?? []), domain]);
  }
  const [slug, domains] = [...bySlug].sort((a, b) => b[1].length - a[1].length)[0]!;
  expect(domains.length).toBeGreaterThanOrEqual(count);
  return { slug, domains: domains.slice(0, count) };
}

async function runOf(id: number): Promise<UpdateRun> {
  const res = await call('GET', `/api/updates/runs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every non-GET the fake GridPane took, as `METHOD path`. */
/** What the channels, the bell and the log were told of sites an update broke and that were rolled back. */
const rolledBackNews = async () =>
  (await t.db.select().from(activity).where(eq(activity.action, 'updates.site_rolled_back'))).map(
    (a) => a.message,
  );

const gridpaneWrites = () =>
  gridpane.writes().map((r) => `${r.method} ${r.path.replace(/^\/oauth\/api\/v1/, '')}`);

/** How many writes (anything but a read) the fake GridPane took so far. */
const gridpaneWriteCount = () => gridpane.writes().filter((r) => r.method !== 'GET').length;

/** A site's steps as `step:result`, in order. */
const stepsOf = (site: UpdateRun['sites'][number]) => site.steps.map((s) => `${s.step}:${s.result}`);

/** Reads a site's HD Snapshot again now, as the sweep does: what it reports is what is recorded. */
async function readSnapshotAgain(websiteId: number) {
  await t.db.update(websiteFacts).set({ attemptedAt: null }).where(eq(websiteFacts.websiteId, websiteId));
  await sweepFacts(t.services);
}

/**
 * A run of one plugin on one site, planned now and taken out of the coordinator's hands: running and
 * its site claimed, so only the test starts its worker.
 */
async function heldRun(slug: string, websiteId: number) {
  const later = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
  const created = await call('POST', '/api/updates/runs', {
    items: [{ type: 'plugin', slug }],
    websiteIds: [websiteId],
    startsAt: later,
  });
  expect(created.statusCode, created.body).toBe(201);
  const runId = created.json().id as number;
  const now = t.services.clock.now();
  await t.db.update(updateRunSites).set({ claimedAt: now }).where(eq(updateRunSites.runId, runId));
  await t.db
    .update(updateRuns)
    .set({ status: 'running', startsAt: now, startedAt: now })
    .where(eq(updateRuns.id, runId));
  const [runSite] = await t.db.select().from(updateRunSites).where(eq(updateRunSites.runId, runId));
  return { runId, runSite: runSite! };
}

beforeAll(async () => {
  const { generateFleet } = await import('../../../test/fakes/gridpane');
  const domains = generateFleet({ sites: SITES, seed: 9 }).sites.map((s) => String(s.url));
  wordpress = await startFakeWordPress({ domains, seed: 9 });
  gridpane = await startFakeGridPane({
    sites: SITES,
    seed: 9,
    endpointLimit: 1000,
    totalLimit: 1000,
    onWpCli: (() => {
      const connected = connectWpCli(wordpress, { delayMs: 30 });
      return (site, wp) => (wpCliHook ?? connected)(site, wp);
    })(),
  });
  t = await createTestApp();
  cookie = await t.signIn();
  await call('POST', '/api/integrations/gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
  await call('POST', '/api/integrations/hdsnapshot', {
    globalToken: wordpress.token,
    urlTemplate: wordpress.urlTemplate,
  });
  await t.services.jobs.idle();
  // Each site's check asks its home page, as a person would set it up.
  for (const s of gridpane.fleet.sites) {
    const w = await websiteOf(String(s.url));
    const url = wordpress.homeUrlTemplate.replace('{domain}', String(s.url));
    const made = await call('POST', '/api/checks', { url, websiteId: w.id });
    expect(made.statusCode, made.body).toBe(201);
  }
  await t.services.jobs.idle();
});
afterAll(async () => {
  await t.close();
  await Promise.all([gridpane.close(), wordpress.close()]);
});

describe('update runs', () => {
  it('plans nothing while updates through the host are off, and says why', async () => {
    const { slug, domains } = pluginOnSeveralSites(1);
    const w = await websiteOf(domains[0]!);
    const res = await call('POST', '/api/updates/runs', {
      items: [{ type: 'plugin', slug }],
      websiteIds: [w.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'nothing_to_update' });
    expect(res.json().fieldErrors.websiteIds[0]).toMatch(/Updates through GridPane are off/);
    expect(gridpaneWrites()).toEqual([]);
  });

  it('refuses what it cannot read, and a viewer', async () => {
    for (const [payload, message] of [
      [{ items: [] }, 'Choose at least one thing to update'],
      [{ items: [{ type: 'plugin' }] }, 'needs its slug'],
      [{ items: [{ type: 'core', slug: 'x' }] }, 'needs its slug'],
      [{ items: [{ type: 'plugin', slug: 'Bad Slug' }] }, 'slug must be'],
      [{ items: [{ type: 'plugin', slug: 'a' }], websiteIds: [1], clientId: 1 }, 'not both'],
      [{ items: [{ type: 'plugin', slug: 'a' }], concurrency: 11 }, 'at most 10'],
      [{ items: [{ type: 'plugin', slug: 'a' }], websiteIds: [999_999] }, 'No website with id 999999'],
    ] as const) {
      const res = await call('POST', '/api/updates/runs', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(message);
    }
    const viewer = await t.signIn({
      username: 'val',
      email: 'val@example.com',
      password: 'correct horse',
      role: 'viewer',
    });
    const denied = await call('POST', '/api/updates/runs', { items: [{ type: 'core' }] }, { cookie: viewer });
    expect(denied.statusCode).toBe(403);
  });

  it('updates one plugin on three sites with a canary: backed up, updated, verified; a site that breaks is rolled back', async () => {
    expect((await call('PATCH', '/api/integrations/gridpane', { allowUpdates: true })).statusCode).toBe(200);
    const { slug, domains } = pluginOnSeveralSites(3);
    const sites = await Promise.all(domains.map(websiteOf));
    // The second site breaks after its update (500, WordPress's critical error page).
    wordpress.setUpdateBehaviour(domains[1]!, 'breaks');
    const before = new Map(
      domains.map((d) => [d, wordpress.expected(d).plugins!.find((p) => p.slug === slug)!]),
    );
    const created = await call('POST', '/api/updates/runs', {
      items: [{ type: 'plugin', slug }],
      websiteIds: sites.map((s) => s.id),
      canary: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    await t.services.jobs.idle();
    const run = await runOf(id);
    expect(run.status).toBe('done');
    const byDomain = new Map(run.sites.map((s) => [s.domain, s]));
    const canary = run.sites[0]!;
    expect(canary.status).toBe('done');
    // The canary updated before any other site started.
    const canaryDone = canary.steps.find((s) => s.step === 'close-maintenance')!.at;
    for (const other of run.sites.slice(1)) expect(other.steps[0]!.at >= canaryDone).toBe(true);

    for (const domain of domains) {
      const site = byDomain.get(domain.replace(/^www\./, '').toLowerCase())!;
      const p = before.get(domain)!;
      const steps = site.steps.filter((s) => s.result !== 'started').map((s) => `${s.step}:${s.result}`);
      if (domain === domains[1]) {
        expect(site.status).toBe('rolled-back');
        expect(site.items).toEqual([
          { type: 'plugin', slug, from: p.version, to: p.update_version, result: 'rolled-back' },
        ]);
        expect(steps).toEqual([
          'maintenance:ok',
          'health-before:ok',
          'backup:ok',
          'update:ok',
          'verify:ok',
          'health-after:failed',
          'rollback:ok',
          'verify-rollback:ok',
          'close-maintenance:ok',
        ]);
        expect(site.reason).toMatch(/not healthy after the update: rolled back to/);
        expect(await rolledBackNews()).toEqual([
          `${site.domain}: an update broke the site and was rolled back`,
        ]);
        expect(wordpress.expected(domain).plugins!.find((x) => x.slug === slug)!.version).toBe(p.version);
      } else {
        expect(site.status, site.reason ?? '').toBe('done');
        expect(site.items[0]).toMatchObject({ from: p.version, to: p.update_version, result: 'updated' });
        expect(steps).toEqual([
          'maintenance:ok',
          'health-before:ok',
          'backup:ok',
          'update:ok',
          'verify:ok',
          'health-after:ok',
          'close-maintenance:ok',
        ]);
        expect(wordpress.expected(domain).plugins!.find((x) => x.slug === slug)!.version).toBe(
          p.update_version,
        );
      }
    }

    // Exactly the writes planned: per site one pre-update backup and one update; the broken site's
    // rollback; nothing else.
    const ids = new Map(gridpane.fleet.sites.map((s) => [String(s.url), s.id]));
    const expected = domains.flatMap((d) => [
      `POST /backups/${ids.get(d)}`,
      `PUT /site/run-wp-cli/${ids.get(d)}`,
    ]);
    expected.push(`PUT /site/run-wp-cli/${ids.get(domains[1]!)}`);
    expect(
      gridpaneWrites()
        .filter((w) => !w.startsWith('GET'))
        .sort(),
    ).toEqual(expected.sort());
    const commands = gridpane.wpCli.map((r) => `${r.siteId} ${JSON.stringify(r.wp)}`);
    for (const d of domains)
      expect(commands).toContain(
        `${ids.get(d)} ${JSON.stringify({ plugin: [`update ${slug} --version=${before.get(d)!.update_version}`] })}`,
      );
    expect(commands).toContain(
      `${ids.get(domains[1]!)} ${JSON.stringify({ plugin: [`update ${slug} --version=${before.get(domains[1]!)!.version}`] })}`,
    );
    // Every window the run opened is closed; the run is in the audit log with who asked.
    const windows = await t.db.select().from(maintenanceWindows);
    expect(windows.filter((w) => w.reason?.includes(`run #${id}`))).toHaveLength(3);
    expect(windows.every((w) => w.endedAt !== null)).toBe(true);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'updates.run_requested'));
    expect(audit).toBeDefined();
    wordpress.setUpdateBehaviour(domains[1]!, 'normal');

    // The client's report for today lists what was updated, what was rolled back, and the backups.
    const client = (await call('POST', '/api/clients', { name: 'Updated Client' })).json();
    for (const s of sites)
      await t.app.inject({
        method: 'PUT',
        url: `/api/websites/${s.id}/client`,
        headers: { cookie },
        payload: { clientId: client.id },
      });
    const today = t.services.clock.now().toISOString().slice(0, 10);
    const report = (await call('GET', `/api/clients/${client.id}/report?from=${today}&to=${today}`)).json();
    const bySite = new Map(report.websites.map((w: { domain: string }) => [w.domain, w]));
    const first = bySite.get(sites[0]!.domain) as {
      updates: { result: string; to: string }[];
      backupsTaken: number;
    };
    expect(first.updates).toEqual([
      expect.objectContaining({
        type: 'plugin',
        slug,
        result: 'updated',
        to: before.get(domains[0]!)!.update_version,
      }),
    ]);
    expect(first.backupsTaken).toBe(1);
    const broken = bySite.get(sites[1]!.domain) as { updates: { result: string }[] };
    expect(broken.updates.map((u) => u.result)).toEqual(['rolled-back']);
    const csv = (await call('GET', `/api/clients/${client.id}/report.csv?from=${today}&to=${today}`)).body;
    expect(csv).toContain(
      `${slug} ${before.get(domains[0]!)!.version} → ${before.get(domains[0]!)!.update_version}, verified`,
    );
  });

  it('fails a site whose version never changes, sending nothing more, and lists the runs newest first', async () => {
    const { slug, domains } = pluginOnSeveralSites(4);
    const domain = domains[3]!;
    const w = await websiteOf(domain);
    wordpress.setUpdateBehaviour(domain, 'never-changes');
    // The site's backups as GridPane lists them: a backup younger than a day is enough here.
    await readGridPaneBackups(t.services, { sites: 1000 });
    const last = (await call('GET', `/api/websites/${w.id}/backups`)).json().lastBackupAt as string | null;
    const recent = last !== null && t.services.clock.now().getTime() - Date.parse(last) < 86_400_000;
    const writesBefore = gridpane.writes().length;
    const created = await call('POST', '/api/updates/runs', {
      items: [{ type: 'plugin', slug }],
      websiteIds: [w.id],
      skipBackupIfNewerThanMinutes: 1440,
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.services.jobs.idle();
    const run = await runOf(created.json().id);
    expect(run.status).toBe('failed');
    expect(run.sites[0]).toMatchObject({
      status: 'failed',
      items: [expect.objectContaining({ result: 'not-changed' })],
    });
    expect(run.sites[0]!.reason).toMatch(/did not take/);
    // A recent backup is enough: then one write, the update; else the backup and the update.
    expect(run.sites[0]!.steps.at(-1)).toMatchObject({ step: 'close-maintenance', result: 'ok' });
    expect(run.sites[0]!.steps.find((s) => s.step === 'backup' && s.result !== 'started')).toMatchObject({
      result: recent ? 'skipped' : 'ok',
    });
    expect(gridpane.writes().length - writesBefore).toBe(recent ? 1 : 2);
    const list = (await call('GET', '/api/updates/runs')).json();
    expect(list.data[0].id).toBe(run.id);
    expect(list.data[0].counts).toMatchObject({ sites: 1, failed: 1 });
    wordpress.setUpdateBehaviour(domain, 'normal');
  });

  it('cancels a scheduled run before it starts: its sites are skipped, nothing is written', async () => {
    const { slug, domains } = pluginOnSeveralSites(1);
    const w = await websiteOf(domains[0]!);
    const writesBefore = gridpane.writes().length;
    const startsAt = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
    const created = await call('POST', '/api/updates/runs', {
      items: [{ type: 'plugin', slug }],
      websiteIds: [w.id],
      startsAt,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect((await runOf(id)).status).toBe('scheduled');
    const cancelled = await call('POST', `/api/updates/runs/${id}/cancel`);
    expect(cancelled.statusCode).toBe(202);
    await t.services.jobs.idle();
    const run = await runOf(id);
    expect(run.status).toBe('cancelled');
    expect(run.sites.every((s) => s.status === 'skipped')).toBe(true);
    // What was planned for them was never sent.
    expect(run.sites.flatMap((s) => s.items.map((i) => i.result))).toEqual(['not-started']);
    expect(gridpane.writes().length).toBe(writesBefore);
    expect((await call('POST', `/api/updates/runs/${id}/cancel`)).statusCode).toBe(409);
  });

  it('rolls back a site whose page went blank: 200, but the title it had before is gone', async () => {
    const { slug, domains } = pluginOnSeveralSites(1);
    const domain = domains[0]!;
    const w = await websiteOf(domain);
    const from = wordpress.expected(domain).plugins!.find((p) => p.slug === slug)!.version;
    wordpress.setUpdateBehaviour(domain, 'white-screen');
    expect((await call('PATCH', '/api/integrations/gridpane', { allowUpdates: true })).statusCode).toBe(200);
    const created = await call('POST', '/api/updates/runs', {
      items: [{ type: 'plugin', slug }],
      websiteIds: [w.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.services.jobs.idle();
    const site = (await runOf(created.json().id)).sites[0]!;
    expect(site.status, site.reason ?? '').toBe('rolled-back');
    const step = (name: string) => site.steps.find((s) => s.step === name && s.result !== 'started')!;
    expect(step('health-before').detail).toMatch(/^HTTP 200 in \d+ ms, titled ".+"$/);
    expect(step('health-after')).toMatchObject({ result: 'failed' });
    expect(step('health-after').detail).toMatch(/title before \(".+"\) is no longer on the page/);
    expect(step('verify-rollback').result).toBe('ok');
    expect(await rolledBackNews()).toContain(`${site.domain}: an update broke the site and was rolled back`);
    expect(wordpress.expected(domain).plugins!.find((p) => p.slug === slug)!.version).toBe(from);
    wordpress.setUpdateBehaviour(domain, 'normal');
  });

  it('cancelled while a site is being updated: the update ends, then what it changed is rolled back', async () => {
    const { slug, domains } = pluginOnSeveralSites(1);
    const domain = domains[0]!;
    const w = await websiteOf(domain);
    const from = wordpress.expected(domain).plugins!.find((p) => p.slug === slug)!.version;
    expect((await call('PATCH', '/api/integrations/gridpane', { allowUpdates: true })).statusCode).toBe(200);
    const writesBefore = gridpane.writes().filter((r) => r.method !== 'GET').length;
    const newsBefore = (await rolledBackNews()).length;
    // The host takes a while to apply the update; the person cancels as soon as it was sent.
    const slow = connectWpCli(wordpress, { delayMs: 300 });
    let runId = 0;
    const cancelling: Promise<{ statusCode: number }>[] = [];
    wpCliHook = (target, wp) => {
      slow(target, wp);
      if (cancelling.length === 0) cancelling.push(call('POST', `/api/updates/runs/${runId}/cancel`));
    };
    try {
      const created = await call('POST', '/api/updates/runs', {
        items: [{ type: 'plugin', slug }],
        websiteIds: [w.id],
      });
      expect(created.statusCode, created.body).toBe(201);
      runId = created.json().id;
      await t.services.jobs.idle();
      expect(cancelling).toHaveLength(1);
      expect((await cancelling[0]!).statusCode).toBe(202);
      await t.services.jobs.idle();
    } finally {
      wpCliHook = null;
    }
    const run = await runOf(runId);
    expect(run.status).toBe('cancelled');
    const site = run.sites[0]!;
    expect(site.status, site.reason ?? '').toBe('rolled-back');
    expect(site.reason).toMatch(/cancelled during the update: rolled back to/);
    expect(site.steps.filter((s) => s.result !== 'started').map((s) => `${s.step}:${s.result}`)).toEqual([
      'maintenance:ok',
      'health-before:ok',
      'backup:ok',
      'update:ok',
      'verify:ok',
      'rollback:ok',
      'verify-rollback:ok',
      'close-maintenance:ok',
    ]);
    expect(wordpress.expected(domain).plugins!.find((p) => p.slug === slug)!.version).toBe(from);
    // A cancelled update undone is not news for the channels: the person who cancelled sees the run.
    expect(await rolledBackNews()).toHaveLength(newsBefore);
    // The backup, the update and its rollback: nothing else was written.
    expect(gridpane.writes().filter((r) => r.method !== 'GET').length - writesBefore).toBe(3);
  });

  it('a site reporting a version with a command in it: left out of the plan with why, nothing sent, never "update ok"', async () => {
    expect((await call('PATCH', '/api/integrations/gridpane', { allowUpdates: true })).statusCode).toBe(200);
    const { slug, domains } = pluginOnSeveralSites(1);
    const domain = domains[0]!;
    const w = await websiteOf(domain);
    const injected = '9.3.4 --exec=phpinfo()';
    // A run planned while the site still reported a real update, not started yet.
    const held = await heldRun(slug, w.id);
    const writesBefore = gridpaneWriteCount();
    wordpress.reportPlugin(domain, slug, { update_version: injected });
    try {
      await readSnapshotAgain(w.id);
      const [row] = await t.db
        .select()
        .from(websiteSoftware)
        .where(and(eq(websiteSoftware.websiteId, w.id), eq(websiteSoftware.slug, slug)));
      expect(row!.updateVersion).toBe(injected);

      // The plan leaves the item out and says why; a run of it is refused with that reason.
      const body = { items: [{ type: 'plugin', slug }], websiteIds: [w.id] };
      const reason = `Nothing to update: the site reports an invalid version '${injected}' for ${slug}`;
      const planned = await call('POST', '/api/updates/plan', body);
      expect(planned.statusCode, planned.body).toBe(200);
      expect(planned.json().sites).toEqual([
        expect.objectContaining({ status: 'skipped', items: [], reason }),
      ]);
      const refused = await call('POST', '/api/updates/runs', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'nothing_to_update' });
      expect(refused.json().fieldErrors.websiteIds[0]).toContain(reason);

      // A run whose target is that version anyway (planned from the site's word before it was
      // checked): its worker refuses to build the command, sends nothing, and fails the site saying so.
      await t.db
        .update(updateRunSites)
        .set({ items: held.runSite.items.map((i) => ({ ...i, to: injected })) })
        .where(eq(updateRunSites.id, held.runSite.id));
      await t.services.jobs.send(UPDATE_SITE_JOB, { runSiteId: held.runSite.id });
      await t.services.jobs.idle();
      const run = await runOf(held.runId);
      const site = run.sites[0]!;
      const notSent = `The update was not sent: the target version '${injected}' of ${slug} is not a valid version`;
      expect(site).toMatchObject({ status: 'failed', reason: notSent });
      expect(stepsOf(site)).toEqual(['update:failed']);
      expect(site.steps[0]!.detail).toBe(notSent);
      expect(site.items.map((i) => i.result)).toEqual(['not-started']);
      expect(run.status).toBe('failed');
      // A retry finds the site over: nothing is recorded as sent, nothing reads "update ok".
      expect(await runUpdateSite(t.services, held.runSite.id)).toEqual({ status: 'over' });
      expect(stepsOf((await runOf(held.runId)).sites[0]!)).toEqual(['update:failed']);
      // Nothing reached GridPane: no backup, no command, no window opened on the site.
      expect(gridpaneWriteCount()).toBe(writesBefore);
      expect(gridpane.wpCli.some((r) => JSON.stringify(r.wp).includes('exec'))).toBe(false);
      const windows = await t.db.select().from(maintenanceWindows);
      expect(windows.filter((x) => x.reason?.includes(`run #${held.runId}`))).toEqual([]);
    } finally {
      wordpress.reportPlugin(domain, slug, null);
      await readSnapshotAgain(w.id);
    }
  });

  it('a retried site whose update was recorded as started never sends it again: done only once the versions show it', async () => {
    expect((await call('PATCH', '/api/integrations/gridpane', { allowUpdates: true })).statusCode).toBe(200);
    const { slug, domains } = pluginOnSeveralSites(2);
    const writesBefore = gridpaneWriteCount();
    /** The worker before got as far as recording the update as started, then stopped; a retry runs. */
    const retried = async (domain: string, reachedTheHost: boolean) => {
      const w = await websiteOf(domain);
      const p = wordpress.expected(domain).plugins!.find((x) => x.slug === slug)!;
      const held = await heldRun(slug, w.id);
      const now = t.services.clock.now();
      await t.db
        .update(updateRunSites)
        .set({
          startedAt: now,
          status: 'updating',
          healthBefore: { status: 200, responseMs: 1, title: null },
        })
        .where(eq(updateRunSites.id, held.runSite.id));
      for (const [step, result] of [
        ['maintenance', 'ok'],
        ['health-before', 'ok'],
        ['backup', 'skipped'],
        ['update', 'started'],
      ] as const)
        await recordStep(t.db, held.runSite.id, step, result, null, now);
      // GridPane had the command and ran it, or it never left.
      if (reachedTheHost)
        await wordpress.applyWpCli(domain, { plugin: [`update ${slug} --version=${p.update_version}`] });
      await runUpdateSite(t.services, held.runSite.id);
      return { site: (await runOf(held.runId)).sites[0]!, p };
    };

    const sent = await retried(domains[0]!, true);
    expect(sent.site.status, sent.site.reason ?? '').toBe('done');
    expect(sent.site.steps.filter((s) => s.step === 'update')).toEqual([
      expect.objectContaining({ result: 'started' }),
      expect.objectContaining({
        result: 'ok',
        detail: 'Recorded as sent when its worker stopped: the versions read again show it done',
      }),
    ]);
    expect(sent.site.items[0]).toMatchObject({ to: sent.p.update_version, result: 'updated' });

    const lost = await retried(domains[1]!, false);
    const unknown = `Recorded as sent when its worker stopped, and the versions read again do not show ${slug} ${lost.p.update_version}: whether the host ran it is not known`;
    expect(lost.site).toMatchObject({ status: 'failed', reason: unknown });
    expect(stepsOf(lost.site)).toEqual([
      'maintenance:ok',
      'health-before:ok',
      'backup:skipped',
      'update:started',
      'update:failed',
      'verify:failed',
      'health-after:ok',
    ]);
    expect(lost.site.steps.find((s) => s.step === 'update' && s.result === 'failed')!.detail).toBe(unknown);
    expect(lost.site.items[0]).toMatchObject({ result: 'not-changed' });
    expect(wordpress.expected(domains[1]!).plugins!.find((x) => x.slug === slug)!.version).toBe(
      lost.p.version,
    );
    // Neither retry sent anything: not the update again, not a rollback.
    expect(gridpaneWriteCount()).toBe(writesBefore);
  });
});
