// P7: a person's write while a whole-fleet sync runs. The sync rewrites every website (each site moved
// to another server at GridPane, the worst case of a re-sync); meanwhile a person gives websites to
// clients one after the other, as the client page does. Each write's time is measured, and the same
// writes with no sync running are the baseline beside it. The bar: no write waits more than 100 ms for
// the sync (on PostgreSQL; PGlite runs one statement at a time by design).
import { sql } from 'drizzle-orm';
import { setWebsiteClient } from '../src/server/clients/websites';
import { rowsOf } from '../src/server/core/sql';
import type { Services } from '../src/server/services';
import { runGridPaneSync } from '../src/server/sync/gridpane';
import type { startFakeGridPane } from '../test/fakes/gridpane';
import { percentile } from './p3-dashboard';

export type WriteWaits = {
  /** Writes measured with no sync running, and during the sync. */
  idle: { count: number; p50: number; max: number };
  duringSync: { count: number; p50: number; p95: number; max: number };
  /** How long the re-sync took. */
  syncS: number;
};

type FakeGridPane = Awaited<ReturnType<typeof startFakeGridPane>>;

export async function measureWritesDuringSync(
  services: Services,
  gridpane: FakeGridPane,
): Promise<WriteWaits> {
  const db = services.db;
  const websiteIds = rowsOf<{ id: number }>(await db.execute(sql`select id from websites order by id`)).map(
    (r) => Number(r.id),
  );
  const clientIds = rowsOf<{ id: number }>(await db.execute(sql`select id from clients order by id`)).map(
    (r) => Number(r.id),
  );
  let n = 0;
  const write = async () => {
    n++;
    const started = performance.now();
    await setWebsiteClient(
      services,
      websiteIds[(n * 7919) % websiteIds.length]!,
      clientIds[n % clientIds.length]!,
    );
    return performance.now() - started;
  };
  const idle: number[] = [];
  for (let i = 0; i < 60; i++) idle.push(await write());

  // Every site moves to the next server: the sync rewrites every website, site and server row.
  const servers = gridpane.fleet.servers.map((s) => Number(s.id));
  for (const site of gridpane.fleet.sites) {
    site.server_id = servers[(servers.indexOf(Number(site.server_id)) + 1) % servers.length];
  }
  const during: number[] = [];
  let syncing = true;
  const t0 = performance.now();
  const sync = runGridPaneSync(services).finally(() => {
    syncing = false;
  });
  while (syncing) during.push(await write());
  await sync;
  const syncS = (performance.now() - t0) / 1000;
  return {
    idle: { count: idle.length, p50: percentile(idle, 50), max: Math.max(...idle) },
    duringSync: {
      count: during.length,
      p50: percentile(during, 50),
      p95: percentile(during, 95),
      max: Math.max(...during),
    },
    syncS,
  };
}
