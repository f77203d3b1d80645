// P10: the Security page at fleet scale. 20,000 websites each running 100 plugins (2,000,000 rows of
// what each site runs) and WordPress core, matched against a 40,000-record feed served by the fake
// Wordfence Intelligence: the fleet's plugins are slugs of the feed, at versions inside and outside
// their affected ranges. Measures, in the built app, the feed's import (streamed; wall time and the
// process's peak memory over its resting size, which includes matching the new feed), then the
// findings list and summary at 10 concurrent, and on its own (a child process, as the nightly job
// runs it) the match of the whole fleet against the feed: time and peak memory over its start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { systemClock } from '../src/server/core/clock';
import { rows } from '../src/server/core/sql';
import type { Db } from '../src/server/db/client';
import { createUser } from '../src/server/users/service';
import { generatedRecord, startFakeWordfence } from '../test/fakes/wordfence';
import { openTarget } from './databases';
import { signIn } from './p1-p2-clients';
import { timed } from './p9-clients';
import { type DbTarget, root, startApp } from './processes';
import { benchUser } from './seed';

export type SecurityScale = { sites: number; plugins: number; records: number; clients: number };

export type SecurityResult = {
  kind: DbTarget['kind'];
  scale: SecurityScale;
  seedSeconds: number;
  /** What the fleet runs: rows of plugins, and distinct (slug, version) pairs. */
  installed: number;
  distinctVersions: number;
  import: { seconds: number; records: number; restingMb: number; peakMb: number };
  match: { seconds: number; versions: number; startMb: number; peakMb: number; findings: number };
  api: { call: string; p50: number; p95: number; statuses: number[]; bytes: number }[];
  /** The findings page and summary read once right after the import: they compute what is then kept. */
  firstReadMs: number;
};

const SEED = 20_261_128;

/** The fleet's plugins: generated plugin records of the feed (their slug, and the major version of their ranges). */
function fleetPlugins(count: number, records: number): { slug: string; major: number }[] {
  type Generated = {
    software: {
      type: string;
      slug: string;
      affected_versions: Record<string, { from_version: string; to_version: string }>;
    }[];
  };
  const step = Math.max(1, Math.floor(records / count));
  const out: { slug: string; major: number }[] = [];
  let next = 0;
  for (let i = 0; out.length < count && i < records; i++) {
    if (i < next) continue;
    const software = (generatedRecord(SEED, i) as Generated).software[0]!;
    if (software.type !== 'plugin') continue;
    const range = Object.values(software.affected_versions)[0]!;
    const version = range.to_version !== '*' ? range.to_version : range.from_version;
    out.push({ slug: software.slug, major: Number(version.split('.')[0]) || 0 });
    next = i + step;
  }
  return out;
}

/** Straight into the database: the API would take hours for 2,000,000 plugin rows. */
export async function seedFleet(target: DbTarget, s: SecurityScale): Promise<number> {
  const started = performance.now();
  const database = await openTarget(target);
  try {
    const { db } = database;
    await createUser({ db, clock: systemClock }, benchUser);
    await db.execute(
      sql`insert into clients (name) select 'Client ' || g from generate_series(1, ${s.clients}) g`,
    );
    await db.execute(sql`
      insert into websites (name, domain, integration_provider, provider_site_id, server_id, status, environment, client_id)
      select 'site-' || g || '.example', 'site-' || g || '.example', 'gridpane', g::text, (1 + g % 200)::text,
        'active', 'production', 1 + g % ${s.clients}
      from generate_series(1, ${s.sites}) g`);
    await seedSoftware(db, s);
    // Statistics, as the app's upkeep job (or PostgreSQL's autovacuum) gathers after so large a write.
    await db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

/**
 * What every website runs, straight into the database: one of six WordPress versions, and `plugins`
 * plugins of the feed, each at one of thirteen versions (some in their affected ranges, some past
 * them; one site in five with an update waiting).
 */
export async function seedSoftware(db: Db, s: { plugins: number; records: number }): Promise<void> {
  const now = new Date();
  // Every site has listed its plugins (HD Snapshot schema 2) and runs one of six WordPress versions.
  await db.execute(sql`
    insert into website_facts (website_id, php, wordpress_version, snapshot_ok, snapshot_at, attempted_at, software_at, software_source)
    select w.id, '8.2.18', (array['6.2.5','6.4.3','6.5.3','6.7.1','6.8.3','6.9'])[1 + w.id % 6], true, ${now}, ${now}, ${now}, 'hdsnapshot'
    from websites w
    on conflict (website_id) do update set wordpress_version = excluded.wordpress_version,
      snapshot_ok = true, snapshot_at = excluded.snapshot_at, attempted_at = excluded.attempted_at,
      software_at = excluded.software_at, software_source = excluded.software_source`);
  // Plugin p on site w runs major.(w + p) % 13.0: thirteen versions of each, some in its affected
  // ranges and some past them; one site in five has an update waiting.
  const plugins = fleetPlugins(s.plugins, s.records);
  const slugs = sql.raw(`array[${plugins.map((p) => `'${p.slug}'`).join(',')}]`);
  const majors = sql.raw(`array[${plugins.map((p) => p.major).join(',')}]`);
  const [row] = await rows<{ last: number }>(db, sql`select coalesce(max(id), 0)::int as last from websites`);
  for (let from = 1; from <= (row?.last ?? 0); from += 2000) {
    await db.execute(sql`
      insert into website_software (website_id, type, slug, file, name, version, active, update_version)
      select w.id, 'plugin', (${slugs})[p], (${slugs})[p] || '/' || (${slugs})[p] || '.php', 'Plugin ' || p,
        (${majors})[p] || '.' || ((w.id + p) % 13) || '.0', p % 3 <> 0,
        case when (w.id + p) % 5 = 0 then (${majors})[p] || '.12.0' end
      from websites w, generate_series(1, ${s.plugins}) p
      where w.id between ${from} and ${from + 1999}`);
  }
}

/** Resident and peak resident memory of a process, MB (Linux's /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function counts(target: DbTarget) {
  const database = await openTarget(target);
  try {
    const one = async (q: ReturnType<typeof sql>) =>
      Number(((await database.db.execute(q)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
    return {
      installed: await one(sql`select count(*) as n from website_software`),
      distinctVersions: await one(
        sql`select count(*) as n from (select distinct type, slug, version from website_software) v`,
      ),
    };
  } finally {
    await database.close();
  }
}

/** The nightly match on its own, in a child process: `bench/p10-match-child.ts` prints its figures. */
async function matchAlone(target: DbTarget): Promise<SecurityResult['match']> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/p10-match-child.ts')], {
    cwd: root,
    env: { ...process.env, BENCH_TARGET: JSON.stringify(target) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the match child exited with ${code}: ${out}`);
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

export async function measureSecurity(
  dist: string,
  target: DbTarget,
  secretKey: string,
  scale: SecurityScale,
  requests: number,
  log: (msg: string) => void,
): Promise<SecurityResult> {
  const seedSeconds = await seedFleet(target, scale);
  const { installed, distinctVersions } = await counts(target);
  log(
    `${target.kind}: seeded ${scale.sites} websites × ${scale.plugins} plugins (${installed} rows, ${distinctVersions} distinct versions) in ${seedSeconds.toFixed(1)} s`,
  );
  const fake = await startFakeWordfence({ records: scale.records, seed: SEED });
  // The fake listens on this machine: the app may reach it (the outbound rule refuses loopback otherwise).
  process.env.WORDFENCE_API_URL = fake.url;
  process.env.ALLOW_PRIVATE_TARGETS = 'true';
  const app = await startApp(dist, target, secretKey);
  try {
    const cookie = await signIn(app.url);
    const pid = app.child.pid!;
    const resting = memoryOf(pid);
    const started = performance.now();
    const saved = await fetch(`${app.url}/api/integrations/wordfence`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: fake.apiKey }),
    });
    if (!saved.ok)
      throw new Error(`saving the Wordfence key: ${saved.status} ${await saved.text()}\n${app.stderr()}`);
    let records = 0;
    // One website's security answer carries the feed's state, cheaply: polled until the import is done.
    for (;;) {
      const res = await fetch(`${app.url}/api/websites/1/security`, { headers: { cookie } });
      if (!res.ok) throw new Error(`GET /api/websites/1/security: ${res.status} ${await res.text()}`);
      const { feed } = (await res.json()) as {
        feed: { readAt: string | null; records: number; error: string | null };
      };
      if (feed.error) throw new Error(`the feed's import failed: ${feed.error}`);
      if (feed.readAt) {
        records = feed.records;
        break;
      }
      if (performance.now() - started > 600_000)
        throw new Error('the feed was not imported within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const importSeconds = (performance.now() - started) / 1000;
    const after = memoryOf(pid);
    log(`${target.kind}: feed of ${records} records imported and matched in ${importSeconds.toFixed(1)} s`);
    const calls = [
      '/api/security/findings',
      '/api/security/findings?page=3',
      '/api/security/findings?severity=critical',
      '/api/security/findings?clientId=2',
      '/api/security/findings?q=plugin',
      '/api/security/summary',
    ];
    // The first read after the data changed computes what the others reuse: timed on its own.
    const coldStarted = performance.now();
    for (const call of ['/api/security/findings', '/api/security/summary']) {
      const res = await fetch(`${app.url}${call}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`GET ${call}: ${res.status}`);
      await res.arrayBuffer();
    }
    const firstReadMs = performance.now() - coldStarted;
    const api = [];
    for (const call of calls) api.push(await timed(app.url, cookie, call, 10, requests));
    await app.stop();
    log(`${target.kind}: the whole fleet matched again, alone`);
    const match = await matchAlone(target);
    return {
      kind: target.kind,
      scale,
      seedSeconds,
      installed,
      distinctVersions,
      import: { seconds: importSeconds, records, restingMb: resting.rss, peakMb: after.peak },
      firstReadMs,
      match,
      api,
    };
  } finally {
    await app.stop();
    await fake.close();
    delete process.env.WORDFENCE_API_URL;
    delete process.env.ALLOW_PRIVATE_TARGETS;
  }
}
