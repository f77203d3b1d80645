import { eq, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { rows, rowsOf } from '../core/sql';
import { observeQueries } from '../db/client';
import { alertChannels, alertDeliveries, securityAlerts, securityFindingHistory } from '../db/schema';
import { onSlowStatement, SLOW_STATEMENT_MS, type SlowStatement, statementCost } from '../db/slow-statements';
import { ALERT_SITES_PER_BATCH, alertableSelect, alertNewFindings, recordedSql } from './alerts';
import { HISTORY_SITES_PER_BATCH, historyFindingsSelect, openRowsSql, recordFindingHistory } from './history';
import { analyzeFeed, findingsSql } from './queue';
import { warmSecurity } from './warm';

// The security jobs at a fleet's scale: they work through the websites a batch at a time, each batch
// one statement reading its findings, and only through the websites whose findings may have changed.
// On the embedded database a statement holds the one connection every request needs, so what a
// statement reads must stay in proportion to the websites it covers, whatever the fleet's size.
const SITES = 2_000;
const PLUGINS = 20;
/** Records of the feed that no site here runs: a feed is tens of thousands of records. */
const FEED_RECORDS = 20_000;
const DAY = 86_400_000;

let t: TestApp;
let ids: number[] = [];
/** A site in the middle of the fleet, and one further on: each gets a finding of its own later. */
let middle: number;
let later: number;

type PlanNode = {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

/**
 * What a statement reads, run in a transaction that is then undone: the pages (buffers hit or read),
 * and the rows each table gave (returned or filtered out, over every loop).
 */
async function reads(query: SQL): Promise<{ pages: number; rows: Record<string, number> }> {
  let top: PlanNode = {};
  try {
    await t.db.transaction(async (tx) => {
      const plan = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
        await tx.execute(sql`explain (analyze, buffers, format json) ${query}`),
      )[0]!['QUERY PLAN'];
      top = (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan as PlanNode;
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  const byTable: Record<string, number> = {};
  const walk = (node: PlanNode) => {
    const table = node['Relation Name'];
    if (table) {
      const rows =
        ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1);
      byTable[table] = (byTable[table] ?? 0) + rows;
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(top);
  return { pages: (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0), rows: byTable };
}

/** A statement that reads websites' findings (one per batch), and the websites a statement lists. */
const FINDINGS = /json_agg\(x\)/;
const websitesOf = (statement: string) =>
  Math.max(
    0,
    ...[...statement.matchAll(/(?:w\.id|website_id) in \(([0-9,]+)\)/g)].map(
      (m) => m[1]!.split(',').filter(Boolean).length,
    ),
  );

/**
 * Runs `work` seeing the text of every statement the app runs meanwhile; `onFindings` is told of each
 * statement that reads findings before it runs (it may throw: the run is cut short there).
 */
async function watched<T>(work: () => Promise<T>, onFindings?: (n: number) => void) {
  const statements: string[] = [];
  let findings = 0;
  observeQueries((q) => {
    statements.push(q);
    if (FINDINGS.test(q)) onFindings?.(++findings);
  });
  const slow: SlowStatement[] = [];
  const stopListening = onSlowStatement((s) => slow.push(s));
  try {
    const result = await work();
    // A statement's report comes before the answer to a later one.
    await t.database.ping();
    // No statement of the jobs holds the database for as long as the slow-statement log's limit.
    expect(slow.filter((s) => statementCost(s) >= SLOW_STATEMENT_MS)).toEqual([]);
    return { result, statements };
  } finally {
    stopListening();
    observeQueries(undefined);
  }
}

const deliveries = () =>
  t.db.select().from(alertDeliveries).where(eq(alertDeliveries.event, 'vulnerability'));
const queued = async (job: string) =>
  Number(
    (
      await rows<{ n: number }>(t.db, sql`select count(*)::int as n from security_pending where job = ${job}`)
    )[0]!.n,
  );

/**
 * Puts feed generation `generation` in force as the import does: its records and matches written
 * beside the previous generation's (the previous one's, plus `extra`), then in force, then the
 * previous one dropped.
 */
async function newGeneration(
  generation: number,
  extra: { id: string; rating: string; slug: string; version: string }[],
) {
  const previous = generation - 1;
  await t.db.execute(sql`insert into vulnerabilities (generation, id, title, informational, cvss_rating, reference, copyrights)
    select ${generation}, id, title, informational, cvss_rating, reference, copyrights
    from vulnerabilities where generation = ${previous}`);
  await t.db.execute(sql`insert into vulnerability_matches (generation, type, slug, version, vulnerability_id, patched_version)
    select ${generation}, type, slug, version, vulnerability_id, patched_version
    from vulnerability_matches where generation = ${previous}`);
  for (const e of extra) {
    await t.db.execute(sql`insert into vulnerabilities (generation, id, title, informational, cvss_rating, reference, copyrights)
      values (${generation}, ${e.id}, ${`${e.id} in ${e.slug}`}, false, ${e.rating}, ${`https://example.test/${e.id}`}, '{}'::jsonb)`);
    await t.db.execute(sql`insert into vulnerability_matches (generation, type, slug, version, vulnerability_id, patched_version)
      values (${generation}, 'plugin', ${e.slug}, ${e.version}, ${e.id}, null)`);
  }
  await t.db.execute(sql`update vulnerability_feed set generation = ${generation} where id = 1`);
  await t.db.execute(sql`delete from vulnerability_matches where generation <> ${generation}`);
  await t.db.execute(sql`delete from vulnerabilities where generation <> ${generation}`);
}

beforeAll(async () => {
  t = await createTestApp();
  // Statistics taken while the tables were empty, then the fleet arrives unanalyzed: the plans must
  // stay in proportion to a batch whatever the planner believes of the tables.
  await t.db.execute(sql`analyze`);
  await t.db.insert(alertChannels).values({ kind: 'email', name: 'Ops', target: 'ops@agency.test' });
  ids = (
    await rows<{ id: number }>(
      t.db,
      sql`insert into websites (name, domain, integration_provider, provider_site_id, status, environment)
        select 'site-' || g || '.example', 'site-' || g || '.example', 'gridpane', g::text, 'active', 'production'
        from generate_series(1, ${SITES}) g returning id`,
    )
  )
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
  middle = ids[Math.floor(SITES / 2)]!;
  later = ids[Math.floor((SITES * 3) / 4)]!;
  const now = t.clock.now();
  await t.db.execute(sql`insert into website_facts (website_id, wordpress_version, software_at, software_source)
    select id, '6.9', ${now}, 'hdsnapshot' from websites`);
  // Plugin p on site w runs 1.((w + p) % 10).0: 1.0–1.2 are affected by a high record of it, 1.3–1.5
  // by a medium one, the rest by none. The middle site runs plugin-7 at 9.9.9, the later one plugin-8
  // at 8.8.8: no record affects those yet.
  await t.db.execute(sql`insert into website_software (website_id, type, slug, name, version, active)
    select w.id, 'plugin', 'plugin-' || p, 'Plugin ' || p,
      case when w.id = ${middle} and p = 7 then '9.9.9' when w.id = ${later} and p = 8 then '8.8.8'
        else '1.' || ((w.id + p) % 10) || '.0' end, true
    from websites w, generate_series(1, ${PLUGINS}) p`);
  await t.db.execute(sql`insert into vulnerabilities (generation, id, title, informational, cvss_rating, reference, copyrights)
    select 1, r.kind || '-' || p, 'Plugin ' || p || ' ' || r.kind, false, r.rating,
      'https://example.test/' || r.kind || '-' || p, '{}'::jsonb
    from generate_series(1, ${PLUGINS}) p, (values ('high', 'High'), ('medium', 'Medium')) r(kind, rating)`);
  await t.db.execute(sql`insert into vulnerability_matches (generation, type, slug, version, vulnerability_id, patched_version)
    select 1, 'plugin', 'plugin-' || p, '1.' || k || '.0', case when k < 3 then 'high-' else 'medium-' end || p, '1.9.0'
    from generate_series(1, ${PLUGINS}) p, generate_series(0, 5) k`);
  // The rest of a feed: records of plugins no site here runs, each matched to some version of its own.
  await t.db.execute(sql`insert into vulnerabilities (generation, id, title, informational, cvss_rating, reference, copyrights)
    select 1, 'other-' || g, 'Other plugin ' || g, false, 'High', 'https://example.test/other-' || g, '{}'::jsonb
    from generate_series(1, ${FEED_RECORDS}) g`);
  await t.db.execute(sql`insert into vulnerability_matches (generation, type, slug, version, vulnerability_id, patched_version)
    select 1, 'plugin', 'other-' || g, '1.0.0', 'other-' || g, null from generate_series(1, ${FEED_RECORDS}) g`);
  await t.db.execute(sql`insert into vulnerability_feed (id, generation, read_at, records)
    values (1, 1, ${now}, ${PLUGINS * 2 + FEED_RECORDS})`);
});
afterAll(async () => {
  await t?.close();
});

describe('the security jobs over a large fleet', () => {
  it('record what stands when the feed is first read, a batch of websites per statement', async () => {
    const [expected] = await rows<{ high: number; all: number }>(
      t.db,
      sql`select count(*) filter (where version in ('1.0.0', '1.1.0', '1.2.0'))::int as high,
          count(*) filter (where version in ('1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0'))::int as all
        from website_software`,
    );
    // The first look, cut short after its first batch, goes on quietly in the next run.
    await expect(
      watched(
        () => alertNewFindings(t.services),
        (n) => {
          if (n === 2) throw new Error('cut short');
        },
      ),
    ).rejects.toThrow('cut short');
    const alerts = await watched(() => alertNewFindings(t.services));
    expect(alerts.result.alerted).toBe(0);
    // Three plugins in ten run a version a high record affects: recorded, none alerted.
    const recorded = await t.db.select().from(securityAlerts);
    expect(recorded).toHaveLength(expected!.high);
    expect(recorded.every((a) => !a.alerted && !a.digestDue)).toBe(true);
    expect(await deliveries()).toEqual([]);
    const history = await watched(() => recordFindingHistory(t.services));
    expect(history.result).toEqual({ opened: expected!.all, closed: 0 });
    for (const [run, size, left] of [
      [alerts, ALERT_SITES_PER_BATCH, SITES - ALERT_SITES_PER_BATCH],
      [history, HISTORY_SITES_PER_BATCH, SITES],
    ] as const) {
      const reads = run.statements.filter((s) => FINDINGS.test(s));
      expect(reads.length).toBeGreaterThanOrEqual(left / size);
      for (const s of reads) expect(websitesOf(s)).toBeLessThanOrEqual(size);
    }
    expect(await queued('alerts')).toBe(0);
    expect(await queued('history')).toBe(0);
  });

  it('read next to nothing when nothing changed', async () => {
    const alerts = await watched(() => alertNewFindings(t.services));
    const history = await watched(() => recordFindingHistory(t.services));
    expect(alerts.result).toEqual({ alerted: 0, recorded: 0 });
    expect(history.result).toEqual({ opened: 0, closed: 0 });
    for (const run of [alerts, history]) {
      // A few statements on the job's own small tables; none reads what the sites run or the feed.
      expect(run.statements.filter((s) => /website_software|vulnerability_matches/.test(s))).toEqual([]);
      const statements = run.statements.filter((s) => !/^(begin|commit|rollback)/i.test(s.trim()));
      expect(statements.length).toBeLessThanOrEqual(10);
    }
  });

  it('read in proportion to the websites of a batch, never a table again for each website', async () => {
    await newGeneration(2, []);
    // As the jobs do when they first see a generation: its statistics first.
    await analyzeFeed(t.db);
    const batch = ids.slice(800, 800 + ALERT_SITES_PER_BATCH);
    const tables = [
      'websites',
      'website_facts',
      'website_software',
      'vulnerability_feed',
      'vulnerability_matches',
      'vulnerabilities',
      'security_dismissals',
      'security_alerts',
      'security_finding_history',
    ];
    const sizes = Object.fromEntries(
      await Promise.all(
        tables.map(async (table) => [
          table,
          Number(
            (
              await rows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`)
            )[0]!.n,
          ),
        ]),
      ),
    ) as Record<string, number>;
    const statements = {
      alerts: findingsSql(t.services, 2, batch, alertableSelect(2)),
      history: findingsSql(t.services, 2, batch, historyFindingsSelect(2)),
      recorded: recordedSql(batch),
      openRows: openRowsSql(batch),
    };
    for (const [name, query] of Object.entries(statements)) {
      const read = await reads(query);
      // At this scale the planner may rightly read a table of a few hundred pages whole, once; never
      // again for each website or finding, the shape that held the database for minutes.
      for (const [table, n] of Object.entries(read.rows))
        expect(n, `${name}: ${table}`).toBeLessThanOrEqual(
          (sizes[table] ?? 0) + batch.length * (PLUGINS + 1) * 2,
        );
      // A website's plugins, their matches and records, what was recorded of it: a few pages for each
      // of its twenty plugins.
      expect(read.pages / batch.length, name).toBeLessThan(PLUGINS * 8);
    }
  });

  it('alert a new finding in the middle of the fleet once, even when a run is cut short', async () => {
    await newGeneration(3, [{ id: 'critical-new', rating: 'Critical', slug: 'plugin-7', version: '9.9.9' }]);
    // The run stops as its second batch starts: the first batch is done, the rest still queued.
    await expect(
      watched(
        () => alertNewFindings(t.services),
        (n) => {
          if (n === 2) throw new Error('cut short');
        },
      ),
    ).rejects.toThrow('cut short');
    expect(await deliveries()).toEqual([]);
    expect(await queued('alerts')).toBe(SITES - ALERT_SITES_PER_BATCH);
    const again = await alertNewFindings(t.services);
    expect(again).toEqual({ alerted: 1, recorded: 1 });
    const sent = await deliveries();
    expect(sent.map((d) => d.title)).toEqual([`site-${middle}.example: critical vulnerability in Plugin 7`]);
    expect(await alertNewFindings(t.services)).toEqual({ alerted: 0, recorded: 0 });
    expect(await deliveries()).toHaveLength(1);
    // The history opened it too, once.
    await recordFindingHistory(t.services);
    const rowsOfNew = await t.db
      .select()
      .from(securityFindingHistory)
      .where(eq(securityFindingHistory.vulnerabilityId, 'critical-new'));
    expect(rowsOfNew.map((r) => [r.websiteId, r.closedAt])).toEqual([[middle, null]]);
  });

  it('alert once when the run is cut short after the batch that recorded it', async () => {
    await newGeneration(4, [
      { id: 'critical-later', rating: 'Critical', slug: 'plugin-8', version: '8.8.8' },
    ]);
    const batchOfLater = Math.floor(ids.indexOf(later) / ALERT_SITES_PER_BATCH) + 1;
    await expect(
      watched(
        () => alertNewFindings(t.services),
        (n) => {
          if (n === batchOfLater + 1) throw new Error('cut short');
        },
      ),
    ).rejects.toThrow('cut short');
    // Its batch committed: recorded and alerted with it.
    expect((await deliveries()).map((d) => d.title)).toContain(
      `site-${later}.example: critical vulnerability in Plugin 8`,
    );
    expect(await alertNewFindings(t.services)).toEqual({ alerted: 0, recorded: 0 });
    expect(await deliveries()).toHaveLength(2);
    expect(await queued('alerts')).toBe(0);
    const kept = await t.db
      .select()
      .from(securityAlerts)
      .where(eq(securityAlerts.vulnerabilityId, 'critical-later'));
    expect(kept.map((a) => [a.websiteId, a.alerted])).toEqual([[later, true]]);
  });

  it('look only at a website that changed, and alert what it now runs', async () => {
    await recordFindingHistory(t.services);
    const site = ids[10]!;
    // The site updates plugin-3 into a version a high record affects (matched already for others).
    const [current] = await rows<{ version: string }>(
      t.db,
      sql`select version from website_software where website_id = ${site} and slug = 'plugin-3'`,
    );
    const affected = ['1.0.0', '1.1.0', '1.2.0'].find((v) => v !== current!.version)!;
    await t.db.execute(
      sql`update website_software set version = ${affected} where website_id = ${site} and slug = 'plugin-3'`,
    );
    const run = await watched(() => alertNewFindings(t.services));
    expect(run.result).toEqual({ alerted: 1, recorded: 1 });
    const reads = run.statements.filter((s) => FINDINGS.test(s));
    expect(reads.map(websitesOf)).toEqual([1]);
    const history = await watched(() => recordFindingHistory(t.services));
    expect(history.statements.filter((s) => FINDINGS.test(s)).map(websitesOf)).toEqual([1]);
  });

  it('alert a dismissed finding once its day has come, and not before', async () => {
    const site = ids[20]!;
    const [row] = await rows<{ version: string }>(
      t.db,
      sql`select version from website_software where website_id = ${site} and slug = 'plugin-4'`,
    );
    const affected = ['1.0.0', '1.1.0', '1.2.0'].find((v) => v !== row!.version)!;
    await t.db.execute(sql`insert into security_dismissals (website_id, vulnerability_id, type, slug, reason, until, dismissed_at)
      values (${site}, 'high-4', 'plugin', 'plugin-4', 'Mitigated by the firewall', ${new Date(t.clock.now().getTime() + DAY)}, ${t.clock.now()})`);
    await t.db.execute(
      sql`update website_software set version = ${affected} where website_id = ${site} and slug = 'plugin-4'`,
    );
    expect(await alertNewFindings(t.services)).toEqual({ alerted: 0, recorded: 0 });
    t.clock.advance(2 * DAY);
    // Nothing was written: the day passing is enough.
    const run = await watched(() => alertNewFindings(t.services));
    expect(run.result).toEqual({ alerted: 1, recorded: 1 });
    expect(run.statements.filter((s) => FINDINGS.test(s)).map(websitesOf)).toEqual([1]);
    expect(await alertNewFindings(t.services)).toEqual({ alerted: 0, recorded: 0 });
  });

  it("close a removed website's findings in the history", async () => {
    const site = ids[30]!;
    await recordFindingHistory(t.services);
    const open = async () =>
      (
        await t.db.select().from(securityFindingHistory).where(eq(securityFindingHistory.websiteId, site))
      ).filter((r) => r.closedAt === null);
    expect(await open()).toHaveLength(PLUGINS * 0.6);
    await t.db.execute(sql`update websites set removed = true where id = ${site}`);
    expect(await recordFindingHistory(t.services)).toEqual({ opened: 0, closed: PLUGINS * 0.6 });
    expect(await open()).toEqual([]);
  });

  it("count the Security page's first view and its summary a range of websites per statement", async () => {
    const { result, statements } = await watched(() => warmSecurity(t.services));
    expect(result.findings).toBeGreaterThan(0);
    // Every statement that reads what the sites run reads one range of websites.
    const reading = statements.filter((q) => /from "?website_software"? "?s"?\b/.test(q));
    expect(reading.length).toBeGreaterThan(2);
    for (const q of reading) expect(q).toMatch(/between \$\d+ and \$\d+/);
  });
});
