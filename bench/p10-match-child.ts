// The nightly match on its own, as the job runs it: every version the fleet runs matched against the
// feed in force after its matches were dropped. Prints one JSON line: seconds, versions matched, the
// process's resident memory before and its peak during, MB, and the (site, vulnerability) pairs found.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { readFeedState } from '../src/server/vulnerabilities/import';
import { matchVersions } from '../src/server/vulnerabilities/match';
import { openTarget } from './databases';
import type { DbTarget } from './processes';

const target = JSON.parse(process.env.BENCH_TARGET!) as DbTarget;
const mb = (key: string) =>
  Number(
    new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0,
  ) / 1024;

const database = await openTarget(target);
try {
  const { db } = database;
  const { generation } = await readFeedState({ db });
  await db.execute(sql`delete from vulnerability_matches where generation = ${generation}`);
  await db.execute(sql`delete from vulnerability_matched_versions where generation = ${generation}`);
  global.gc?.();
  const startMb = mb('VmRSS');
  // The peak so far is the opening's: reset it (Linux), so VmHWM is the match's own.
  fs.writeFileSync('/proc/self/clear_refs', '5');
  const started = performance.now();
  const versions = await matchVersions({ db }, generation);
  const seconds = (performance.now() - started) / 1000;
  const peakMb = mb('VmHWM');
  const found = (await db.execute(sql`select count(*) as n from website_software s
    join vulnerability_matches m on m.generation = ${generation} and m.type = s.type and m.slug = s.slug
      and m.version = s.version`)) as unknown as { rows: { n: number | string }[] };
  console.log(JSON.stringify({ seconds, versions, startMb, peakMb, findings: Number(found.rows[0]!.n) }));
} finally {
  await database.close();
}
