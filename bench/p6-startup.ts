// P6: start-up to serving (≤ 1.5 s on an existing PGlite folder, ≤ 1 s on PostgreSQL). Spawns
// `node dist/server/main.js` on an existing (seeded, migrated) database and times from spawn until
// GET /api/health answers 200; the median of several starts.
import path from 'node:path';
import { percentile } from './p3-dashboard';
import { appEnv, type DbTarget, freePort, spawnNode, waitForHealth } from './processes';

export type StartupResult = { runsMs: number[]; medianMs: number };

export async function measureStartup(
  dist: string,
  target: DbTarget,
  secretKey: string,
  runs: number,
): Promise<StartupResult> {
  const runsMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const since = performance.now();
    const app = spawnNode([path.join(dist, 'server/main.js')], appEnv(target, secretKey), port);
    try {
      runsMs.push(await waitForHealth(app, since));
    } finally {
      await app.stop();
    }
  }
  return { runsMs, medianMs: percentile(runsMs, 50) };
}
