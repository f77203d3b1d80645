import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateRun } from '../../../src/shared/updates';
import { type FakeGridPane, generateFleet, startFakeGridPane } from '../../fakes/gridpane';
import { connectWpCli, type FakeWordPress, startFakeWordPress } from '../../fakes/wordpress';
import { databaseUrl } from '../../support/global-setup';
import {
  call,
  createFirstAccount,
  repoRoot,
  type ServerProcess,
  startServer,
  waitUntil,
} from '../../support/server-process';
import { adminQuery } from './postgres';

// An update run with three real instances on one PostgreSQL, and kill -9 of the instance running a
// site's update at the moment GridPane receives its WP-CLI command: the run still finishes, no site is
// updated twice, no step is lost, and every maintenance window the run opened is closed.
const base = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(base);
const dbName = `ah_r10_${randomBytes(6).toString('hex')}`;
const SITES = 16;
const SEED = 9;

let gridpane: FakeGridPane;
let wordpress: FakeWordPress;
let instances: ServerProcess[] = [];
let cookie = '';
let sql: pg.Client;
/** The instance killed, and when: set by the WP-CLI hook. */
let killed: { instance: ServerProcess; at: number } | null = null;

/** The instance whose job engine started an update-site job (the canary runs alone, so one does). */
const updateRunner = () =>
  instances.find((i) => i.alive() && /"job":"update-site"[^\n]*"msg":"Job started"/.test(i.output()));

const count = async (query: string) => (await sql.query(query)).rows[0].n as number;

describe.runIf(onPostgres)(
  'an update run survives kill -9 of the instance updating a site',
  { timeout: 10 * 60_000 },
  () => {
    beforeAll(async () => {
      await adminQuery(`CREATE DATABASE ${dbName}`);
      const domains = generateFleet({ sites: SITES, seed: SEED }).sites.map((s) => String(s.url));
      wordpress = await startFakeWordPress({ domains, seed: SEED });
      const apply = connectWpCli(wordpress);
      gridpane = await startFakeGridPane({
        sites: SITES,
        seed: SEED,
        endpointLimit: 1000,
        totalLimit: 1000,
        // The first WP-CLI command of the run reaches GridPane, is applied, and the instance that sent
        // it dies before it hears the answer or records anything more.
        onWpCli: (site, wp) => {
          apply(site, wp);
          if (killed) return;
          const runner = updateRunner();
          if (!runner) return;
          killed = { instance: runner, at: Date.now() };
          runner.child.kill('SIGKILL');
        },
      });
      const url = databaseUrl(base!, dbName);
      instances = await Promise.all(
        [0, 1, 2].map(() =>
          startServer({
            databaseUrl: url,
            logLevel: 'debug',
            env: { REFRESH_INTERVAL_MINUTES: '0' },
          }),
        ),
      );
      sql = new pg.Client({ connectionString: url });
      await sql.connect();
      cookie = await createFirstAccount(instances[0]!);
    }, 180_000);

    afterAll(async () => {
      for (const i of instances) if (i.alive()) i.child.kill('SIGTERM');
      await Promise.all(instances.map((i) => i.exited));
      const logs = path.join(repoRoot, '.test-artifacts/r10-update-kill');
      fs.mkdirSync(logs, { recursive: true });
      for (const [n, i] of instances.entries())
        fs.writeFileSync(path.join(logs, `instance-${n}.log`), i.output());
      await sql?.end();
      await Promise.all([gridpane?.close(), wordpress?.close()]);
      await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    });

    it('finishes the run on the other instances: each site updated once, every step recorded once, windows closed', async () => {
      const [a, b, c] = instances as [ServerProcess, ServerProcess, ServerProcess];
      const saved = await call(a, cookie, 'POST', '/api/integrations/gridpane', {
        baseUrl: gridpane.url,
        accessToken: gridpane.token,
      });
      expect(saved.status).toBe(200);
      await waitUntil(
        'the sites synced',
        async () => (await count('select count(*)::int as n from websites')) >= SITES,
        120_000,
      );
      const hd = await call(b, cookie, 'POST', '/api/integrations/hdsnapshot', {
        globalToken: wordpress.token,
        urlTemplate: wordpress.urlTemplate,
      });
      expect(hd.status).toBe(200);
      await waitUntil(
        'every site asked for its HD Snapshot',
        async () =>
          (await count('select count(*)::int as n from website_facts where attempted_at is not null')) >=
          SITES,
        120_000,
      );
      // Sites whose plugin list was read (a site on the plugin's older schema lists none).
      const { rows: listed } = await sql.query(
        "select w.domain from websites w join website_facts f on f.website_id = w.id where f.software_source = 'hdsnapshot'",
      );
      const readable = new Set(listed.map((r) => r.domain as string));
      expect(
        (await call(c, cookie, 'PATCH', '/api/integrations/gridpane', { allowUpdates: true })).status,
      ).toBe(200);

      // A plugin with an update waiting on four sites; each site's check asks its home page.
      const bySlug = new Map<string, string[]>();
      const hosted = gridpane.fleet.sites.filter((x) =>
        readable.has(
          String(x.url)
            .replace(/^www\./, '')
            .toLowerCase(),
        ),
      );
      for (const s of hosted)
        for (const p of wordpress.expected(String(s.url)).plugins ?? [])
          if (p.update_version) bySlug.set(p.slug, [...(bySlug.get(p.slug) ?? []), String(s.url)]);
      const [slug, all] = [...bySlug].sort((x, y) => y[1].length - x[1].length)[0]!;
      const domains = all.slice(0, 4);
      expect(domains).toHaveLength(4);
      const { rows: found } = await sql.query('select id, domain from websites where domain = any($1)', [
        domains.map((d) => d.replace(/^www\./, '').toLowerCase()),
      ]);
      expect(found).toHaveLength(4);
      for (const w of found) {
        const check = await call(a, cookie, 'POST', '/api/checks', {
          url: wordpress.homeUrlTemplate.replace('{domain}', w.domain),
          websiteId: w.id,
        });
        expect(check.status).toBe(201);
      }
      const versions = new Map(
        domains.map((d) => [d, wordpress.expected(d).plugins!.find((p) => p.slug === slug)!]),
      );

      const created = await call(b, cookie, 'POST', '/api/updates/runs', {
        items: [{ type: 'plugin', slug }],
        websiteIds: found.map((w) => w.id),
        canary: true,
        concurrency: 2,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const runId = created.body.id as number;

      await waitUntil('an instance killed mid-update', () => killed !== null, 120_000);
      await killed!.instance.exited;
      const survivors = instances.filter((i) => i !== killed!.instance);
      let run: UpdateRun | null = null;
      await waitUntil(
        'the run to finish',
        async () => {
          run = (await call(survivors[0]!, cookie, 'GET', `/api/updates/runs/${runId}`))
            .body as unknown as UpdateRun;
          return run.status !== 'running' && run.status !== 'scheduled';
        },
        5 * 60_000,
      );
      const finished = run as unknown as UpdateRun;
      expect(finished.status).toBe('done');
      expect(finished.sites.map((s) => [s.domain, s.status, s.reason])).toEqual(
        finished.sites.map((s) => [s.domain, 'done', null]),
      );

      // Each site got one update command, and runs the new version.
      const ids = new Map(gridpane.fleet.sites.map((s) => [String(s.url), s.id]));
      for (const d of domains) {
        const sent = gridpane.wpCli.filter((r) => r.siteId === ids.get(d));
        expect(sent.map((r) => r.wp)).toEqual([
          { plugin: [`update ${slug} --version=${versions.get(d)!.update_version}`] },
        ]);
        expect(wordpress.expected(d).plugins!.find((p) => p.slug === slug)!.version).toBe(
          versions.get(d)!.update_version,
        );
        expect(
          gridpane.writes().filter((r) => r.method === 'POST' && r.path.endsWith(`/backups/${ids.get(d)}`)),
        ).toHaveLength(1);
      }
      // Every step of every site recorded once, in order; the killed site's update shows it was sent once.
      for (const site of finished.sites) {
        expect(site.steps.filter((s) => s.result !== 'started').map((s) => `${s.step}:${s.result}`)).toEqual([
          'maintenance:ok',
          'health-before:ok',
          'backup:ok',
          'update:ok',
          'verify:ok',
          'health-after:ok',
          'close-maintenance:ok',
        ]);
        expect(site.steps.filter((s) => s.step === 'update' && s.result === 'started')).toHaveLength(1);
      }
      // The windows the run opened are all closed; the killed instance's job ran again elsewhere.
      const { rows: windows } = await sql.query(
        'select ended_at from maintenance_windows where reason like $1',
        [`%run #${runId}`],
      );
      expect(windows).toHaveLength(4);
      expect(windows.every((w) => w.ended_at !== null)).toBe(true);
      const { rows: retried } = await sql.query(
        "select count(*)::int as n from pgboss.job where name = 'update-site' and retry_count > 0 and state = 'completed'",
      );
      expect(retried[0].n).toBe(1);
      fs.mkdirSync(path.join(repoRoot, '.test-artifacts'), { recursive: true });
      fs.writeFileSync(
        path.join(repoRoot, '.test-artifacts/r10-update-kill.json'),
        JSON.stringify({ finishedAfterKillSeconds: Math.round((Date.now() - killed!.at) / 1000) }, null, 2),
      );
    });
  },
);
