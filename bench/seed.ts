// Seeds one database at the dashboard benchmark's scale (2,000 sites, 200 servers, 2,000 monitors) the
// way a person would: the integrations are
// configured through the API against fakes started in this process, the app syncs them, and clients
// are added through the API. Runs the app in-process (with provider pacing off) so seeding is fast;
// the measurements then start the built app on the same database.
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { systemClock } from '../src/server/core/clock';
import { openDatabase } from '../src/server/db/client';
import { createServices } from '../src/server/services';
import { createUser } from '../src/server/users/service';
import { startFakeBetterUptime } from '../test/fakes/betteruptime';
import { startFakeGridPane } from '../test/fakes/gridpane';
import { startFakeWordPress } from '../test/fakes/wordpress';
import type { DbTarget } from './processes';

export type Scale = { clients: number; sites: number; servers: number; monitors: number };
export const benchUser = {
  username: 'bench',
  email: 'bench@example.com',
  password: 'bench-password-123',
  role: 'owner' as const,
};

export type Seeded = { sites: number; servers: number; monitors: number; clients: number; seconds: number };

export async function seed(target: DbTarget, scale: Scale, secretKey: string): Promise<Seeded> {
  const started = performance.now();
  const gridpane = await startFakeGridPane({ servers: scale.servers, sites: scale.sites, seed: 11 });
  const domains = gridpane.fleet.sites.map((s) => String(s.url));
  // The fake adds two monitors of its own to one per site.
  const uptime = await startFakeBetterUptime({ sites: domains.slice(0, scale.monitors - 2), seed: 11 });
  const wordpress = await startFakeWordPress({ domains, seed: 11 });
  const database = await openDatabase(
    target.kind === 'postgres'
      ? { kind: 'postgres', url: target.url }
      : { kind: 'pglite', dataDir: target.dataDir },
  );
  const config = testConfig({
    dataDir: target.dataDir,
    databaseUrl: target.kind === 'postgres' ? target.url : undefined,
    secretKey,
    refreshIntervalMinutes: 0,
    allowPrivateTargets: true, // the fakes listen on this machine
  });
  const services = createServices(config, database, {
    gridpane: { minSpacingMs: 0 },
    betteruptime: { maxRequestsPerSecond: Number.POSITIVE_INFINITY, sleep: () => Promise.resolve() },
  });
  const app = await buildApp({ services });
  try {
    await createUser({ db: database.db, clock: systemClock }, benchUser);
    const { username, password } = benchUser;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res: LightMyRequestResponse = await app.inject({ method, url, payload, headers: { cookie } });
      if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode}: ${res.body}`);
      return res.json();
    };
    await call('POST', '/api/integrations/gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
    await call('POST', '/api/integrations/betteruptime', { apiToken: uptime.token, baseUrl: uptime.url });
    await call('POST', '/api/integrations/hdsnapshot', {
      globalToken: wordpress.token,
      urlTemplate: wordpress.urlTemplate,
    });
    await services.jobs.idle(); // the background syncs the saves started

    const tagIds: number[] = [];
    for (const [i, name] of ['Retainer', 'VIP', 'WooCommerce', 'Maintenance', 'New build'].entries()) {
      tagIds.push((await call('POST', '/api/tags', { name, color: `#${(i * 3 + 1).toString(16)}0a0f0` })).id);
    }
    for (let i = 0; i < scale.clients; i++) {
      const created = await call('POST', '/api/clients', {
        name: `Client ${String(i).padStart(4, '0')} ${['Dental', 'Roofing', 'Bakery', 'Law'][i % 4]}`,
        jobTitle: 'Owner',
        company: `Company ${i}`,
        email: `client${i}@example.com`,
        phone: `+1 555 ${String(i).padStart(4, '0')}`,
        notes: i % 3 === 0 ? 'Monthly report on the first Monday. Prefers email over calls.' : null,
        status: i % 11 === 7 ? 'inactive' : 'active',
      });
      // Half the clients carry one or two tags, so the list joins real tag rows.
      if (i % 2 === 0) await call('POST', `/api/clients/${created.id}/tags`, { tagId: tagIds[i % 5] });
      if (i % 4 === 0) await call('POST', `/api/clients/${created.id}/tags`, { tagId: tagIds[(i + 1) % 5] });
    }
    const dashboard = await call('GET', '/api/dashboard');
    const servers = await call('GET', '/api/servers');
    const clients = await call('GET', '/api/clients');
    return {
      sites: dashboard.totalSites ?? 0,
      monitors: dashboard.totalMonitors ?? 0,
      servers: Array.isArray(servers) ? servers.length : (servers.data?.length ?? 0),
      clients: clients.length,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await app.close();
    await database.close();
    await Promise.all([gridpane.close(), uptime.close(), wordpress.close()]);
  }
}
