// P13: one update run of 3 plugins on each of 200 sites, through the app's own job engine, against the
// fakes: GridPane takes each backup in `backupMs` and WordPress applies each WP-CLI run in `applyMs`
// (HD Snapshot reports the new versions only then). The least time the hosts' pacing and the run's
// concurrency allow: the sites in waves of at most `concurrency` at a time and one per server at a
// time, each needing its backup and its update; the run must finish within 1.2× that.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { secretBox } from '../src/server/core/secret-box';
import { openDatabase } from '../src/server/db/client';
import { websites as websitesTable } from '../src/server/db/schema';
import { createServices } from '../src/server/services';
import { createUser } from '../src/server/users/service';
import type { UpdateRun } from '../src/shared/updates';
import { generateFleet, startFakeGridPane } from '../test/fakes/gridpane';
import { connectWpCli, startFakeWordPress } from '../test/fakes/wordpress';
import { PLUGINS } from '../test/fakes/wordpress/snapshot';

export type UpdatesScale = {
  sites: number;
  servers: number;
  pluginsPerSite: number;
  concurrency: number;
  backupMs: number;
  applyMs: number;
};

export type UpdatesResult = {
  scale: UpdatesScale;
  sites: number;
  updates: number;
  done: number;
  seconds: number;
  minimumSeconds: number;
  ratio: number;
  busiestServerSites: number;
  gridpaneRequests: number;
  unplannedWrites: number;
};

const SEED = 13;

export async function measureUpdates(s: UpdatesScale, log: (line: string) => void): Promise<UpdatesResult> {
  // More sites than the run needs: some still run HD Snapshot's first schema, which lists no plugins.
  const fleetSize = Math.ceil(s.sites * 1.6);
  const fleet = generateFleet({ sites: fleetSize, servers: s.servers, seed: SEED });
  const domains = fleet.sites.map((x) => String(x.url));
  const wordpress = await startFakeWordPress({ domains, seed: SEED });
  const gridpane = await startFakeGridPane({
    sites: fleetSize,
    servers: s.servers,
    seed: SEED,
    endpointLimit: 100_000,
    totalLimit: 100_000,
    backupTakesMs: s.backupMs,
    onWpCli: connectWpCli(wordpress, { delayMs: s.applyMs }),
  });
  // Every catalogue plugin with an older release: each chosen site gets three of them one release behind.
  const older = new Map<string, string>(
    PLUGINS.filter((p) => p.versions.length > 1).map((p) => [p.slug, p.versions[1]!]),
  );
  const newest = new Map<string, string>(PLUGINS.map((p) => [p.slug, p.versions[0]]));
  const chosen: { domain: string; serverId: number; slugs: string[] }[] = [];
  for (const site of fleet.sites) {
    if (chosen.length === s.sites) break;
    const domain = String(site.url);
    const listed = wordpress.expected(domain).plugins;
    if (!listed) continue;
    const slugs = listed.filter((p) => older.has(p.slug)).map((p) => p.slug);
    if (slugs.length < s.pluginsPerSite) continue;
    chosen.push({ domain, serverId: Number(site.server_id), slugs: slugs.slice(0, s.pluginsPerSite) });
  }
  if (chosen.length < s.sites) throw new Error(`Only ${chosen.length} fake sites list enough plugins`);
  // On each chosen site: its three one release behind, every other plugin of the run up to date.
  const runSlugs = [...new Set(chosen.flatMap((c) => c.slugs))];
  for (const c of chosen) {
    const listed = new Set(wordpress.expected(c.domain).plugins!.map((p) => p.slug));
    const commands = runSlugs
      .filter((slug) => listed.has(slug))
      .map(
        (slug) =>
          `update ${slug} --version=${c.slugs.includes(slug) ? older.get(slug) : newest.get(slug)} --force`,
      );
    await wordpress.applyWpCli(c.domain, { plugin: commands }, { delayMs: 0 });
  }

  const database = await openDatabase({ kind: 'pglite-memory' });
  const config = testConfig({
    appUrl: 'http://agency.test',
    refreshIntervalMinutes: 0,
    allowPrivateTargets: true,
    // Polls a quarter of a second apart: a backup or an update is seen within that of being done.
    hostOperations: { pollMs: 250, followMs: 5 * 60_000 },
    updates: { pollMs: 250, verifyMs: 5 * 60_000, healthSpacingMs: 1000 },
  });
  const services = createServices(config, database, {
    box: secretBox(randomBytes(32)),
    gridpane: { minSpacingMs: 0 },
    hdsnapshot: { timeoutMs: 5000 },
    jobs: { supervise: false, schedule: false },
  });
  const app = await buildApp({ services });
  await app.ready();
  try {
    await createUser(services, {
      role: 'owner',
      username: 'bench',
      email: 'bench@agency.test',
      password: 'bench password',
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'bench', password: 'bench password' },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    log(`updates: ${fleetSize} fake sites on ${s.servers} servers, syncing GridPane and HD Snapshot`);
    await call('POST', '/api/integrations/gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
    await services.jobs.idle();
    await call('POST', '/api/integrations/hdsnapshot', {
      globalToken: wordpress.token,
      urlTemplate: wordpress.urlTemplate,
    });
    await services.jobs.idle();
    await call('PATCH', '/api/integrations/gridpane', { allowUpdates: true });
    const websites = new Map(
      (
        await services.db.select({ id: websitesTable.id, domain: websitesTable.domain }).from(websitesTable)
      ).map((w) => [w.domain, w.id]),
    );
    const ids: number[] = [];
    for (const c of chosen) {
      const id = websites.get(c.domain.replace(/^www\./, '').toLowerCase());
      if (id === undefined) throw new Error(`${c.domain} was not synced`);
      ids.push(id);
      // Health is read from each site's home page, as its check would.
      await call('POST', '/api/checks', {
        url: wordpress.homeUrlTemplate.replace('{domain}', c.domain),
        websiteId: id,
      });
    }
    await services.jobs.idle();

    const writesBefore = gridpane.writes().length;
    const requestsBefore = gridpane.requests.length;
    log(`updates: ${chosen.length} sites × ${s.pluginsPerSite} plugins, concurrency ${s.concurrency}`);
    const started = performance.now();
    const { id } = await call('POST', '/api/updates/runs', {
      items: runSlugs.map((slug) => ({ type: 'plugin', slug })),
      websiteIds: ids,
      concurrency: s.concurrency,
    });
    let run: UpdateRun;
    for (;;) {
      run = await call('GET', `/api/updates/runs/${id}`);
      if (run.status !== 'running' && run.status !== 'scheduled') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    // The least time: waves of `concurrency` sites, and no server with two sites at once.
    const perServer = new Map<number, number>();
    for (const c of chosen) perServer.set(c.serverId, (perServer.get(c.serverId) ?? 0) + 1);
    const busiest = Math.max(...perServer.values());
    const waves = Math.max(Math.ceil(chosen.length / s.concurrency), busiest);
    const minimumSeconds = (waves * (s.backupMs + s.applyMs)) / 1000;
    // Planned writes: one backup and one WP-CLI run per site, nothing else.
    const writes = gridpane.writes().slice(writesBefore);
    const planned = writes.filter(
      (w) => /\/backups\/\d+$/.test(w.path) || /\/site\/run-wp-cli\/\d+$/.test(w.path),
    ).length;
    return {
      scale: s,
      sites: run.sites.length,
      updates: run.sites.reduce((n, x) => n + x.items.filter((i) => i.result === 'updated').length, 0),
      done: run.sites.filter((x) => x.status === 'done').length,
      seconds,
      minimumSeconds,
      ratio: seconds / minimumSeconds,
      busiestServerSites: busiest,
      gridpaneRequests: gridpane.requests.length - requestsBefore,
      unplannedWrites: writes.length - planned + Math.abs(planned - 2 * chosen.length),
    };
  } finally {
    await app.close();
    await database.close();
    await Promise.all([gridpane.close(), wordpress.close()]);
  }
}
