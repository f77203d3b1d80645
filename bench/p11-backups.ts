// P11: the Backups page at fleet scale. 20,000 websites on both hosts (four in five at GridPane, one in
// five at Kinsta), nearly all with their backups read: daily backups of every age (most within a day,
// some days old, a few sites with none) and a few not read yet, seven backups kept per site. Measures,
// in the built app, the Backups list (first page, a far page, a state filter, a client, a host) and
// its summary at 10 concurrent, and one website's backups.
import { sql } from 'drizzle-orm';
import { thresholdHoursSql } from '../src/server/backups/store';
import { systemClock } from '../src/server/core/clock';
import { createUser } from '../src/server/users/service';
import { refreshHealth } from '../src/server/websites';
import { openTarget } from './databases';
import { signIn } from './p1-p2-clients';
import { timed } from './p9-clients';
import { type DbTarget, startApp } from './processes';
import { benchUser } from './seed';

export type BackupsScale = { sites: number; clients: number; backupsPerSite: number };

export type BackupsResult = {
  kind: DbTarget['kind'];
  scale: BackupsScale;
  seedSeconds: number;
  backups: number;
  api: { call: string; p50: number; p95: number; statuses: number[]; bytes: number }[];
};

/** Straight into the database, as the hosts' reads would leave it. */
async function seedBackups(target: DbTarget, s: BackupsScale): Promise<{ seconds: number; backups: number }> {
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
      select 'site-' || g || '.example', 'site-' || g || '.example',
        case when g % 5 = 0 then 'kinsta' else 'gridpane' end, g::text,
        case when g % 5 = 0 then null else (1 + g % 200)::text end, 'active', 'production', 1 + g % ${s.clients}
      from generate_series(1, ${s.sites}) g`);
    // Ages of the newest backup: most within the day, one site in twelve 2–5 days old, one in forty with
    // none, one in fifty never read.
    await db.execute(sql`
      insert into website_backup_status (website_id, host, read_at, last_backup_at, last_location, schedule,
        automatic, remote, retention_days)
      select w.id, w.integration_provider, now() - interval '2 hours',
        case when w.id % 40 = 0 then null
          when w.id % 12 = 0 then now() - (2 + w.id % 4) * interval '1 day'
          else now() - (w.id % 20) * interval '1 hour' end,
        case when w.integration_provider = 'gridpane' then 'local' end,
        case when w.integration_provider = 'gridpane' and w.id % 12 <> 0 then 'daily' end,
        case when w.integration_provider = 'gridpane' then w.id % 12 <> 0 end,
        case when w.integration_provider = 'gridpane' then w.id % 3 <> 0 end,
        case when w.integration_provider = 'gridpane' then 7 end
      from websites w where w.id % 50 <> 0`);
    // One site in seven is backed up weekly and has a week's threshold; when each becomes too old is
    // kept as the app keeps it.
    await db.execute(sql`
      update website_backup_status set threshold_hours = case when website_id % 7 = 0 then 168 end`);
    await db.execute(sql`
      update website_backup_status
      set old_after = last_backup_at + make_interval(hours => ${thresholdHoursSql(sql`threshold_hours`)})`);
    await db.execute(sql`
      insert into website_backups (website_id, key, ref, at, kind, location, note)
      select b.website_id, 'local::automatic:' || d, to_char(b.last_backup_at - d * interval '1 day', 'YYYY-MM-DD HH24:MI'),
        b.last_backup_at - d * interval '1 day', 'automatic',
        case when b.host = 'gridpane' then 'local' end, 'auto'
      from website_backup_status b, generate_series(0, ${s.backupsPerSite - 1}) d
      where b.last_backup_at is not null`);
    // Every website's health as the app keeps it (its health job writes it for a new website), so the
    // app's first minute does not compute the whole fleet's for the first time while it is measured.
    await refreshHealth({ db }, new Date());
    await db.execute(sql`analyze`);
    const [row] = (
      (await db.execute(sql`select count(*) as n from website_backups`)) as unknown as {
        rows: { n: number | string }[];
      }
    ).rows;
    return { seconds: (performance.now() - started) / 1000, backups: Number(row!.n) };
  } finally {
    await database.close();
  }
}

export const BACKUP_CALLS = [
  '/api/backups?pageSize=50',
  '/api/backups?page=100&pageSize=50',
  '/api/backups?pageSize=50&state=old',
  '/api/backups?pageSize=50&clientId=2',
  '/api/backups?pageSize=50&host=kinsta',
  '/api/backups/summary',
  '/api/websites/24/backups',
] as const;

export async function measureBackups(
  dist: string,
  target: DbTarget,
  secretKey: string,
  scale: BackupsScale,
  requests: number,
  log: (msg: string) => void,
): Promise<BackupsResult> {
  const seeded = await seedBackups(target, scale);
  log(
    `${target.kind}: seeded ${scale.sites} websites with ${seeded.backups} backups in ${seeded.seconds.toFixed(1)} s`,
  );
  const app = await startApp(dist, target, secretKey);
  try {
    const cookie = await signIn(app.url);
    const api = [];
    for (const call of BACKUP_CALLS) api.push(await timed(app.url, cookie, call, 10, requests));
    return { kind: target.kind, scale, seedSeconds: seeded.seconds, backups: seeded.backups, api };
  } finally {
    await app.stop();
  }
}
