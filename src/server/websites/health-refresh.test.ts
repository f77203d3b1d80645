import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import { rowsOf } from '../core/sql';
import type { Database } from '../db/client';
import { healthRefreshSql } from './read-model';

// The minute's health refresh runs in the background over ranges of the fleet. On the embedded
// database a statement holds the one thread every request needs, so its work must stay in proportion
// to the websites it covers whatever the planner believes of the tables: right after a sync filled
// them, before anything analyzed them, it believes they are nearly empty.
const SITES = 500;
let database: Database;

type PlanNode = { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number; Plans?: PlanNode[] };

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  // Statistics taken while the tables held one website, then the fleet arrives unanalyzed.
  await db.execute(sql`insert into websites (name, domain, integration_provider, provider_site_id, status, environment)
    values ('seed.example', 'seed.example', 'gridpane', '0', 'active', 'production')`);
  await db.execute(sql`analyze websites`);
  await db.execute(sql`analyze checks`);
  await db.execute(sql`analyze provider_records`);
  await db.execute(sql`
    insert into websites (name, domain, integration_provider, provider_site_id, server_id, status, environment)
    select 'site-' || g || '.example', 'site-' || g || '.example', 'gridpane', g::text, (1 + g % 50)::text,
      'active', 'production'
    from generate_series(1, ${SITES}) g`);
  // Nine sites in ten have a Better Uptime monitor; one in twenty has a check of ours.
  await db.execute(sql`
    insert into provider_records (provider, kind, external_id, domain, status, data, synced_at)
    select 'betteruptime', 'monitors', g::text, 'site-' || g || '.example',
      case when g % 97 = 0 then 'down' else 'up' end,
      jsonb_build_object('id', g::text, 'attributes', jsonb_build_object('url', 'https://site-' || g || '.example',
        'pronounceable_name', 'Monitor ' || g, 'status', case when g % 97 = 0 then 'down' else 'up' end)), now()
    from generate_series(1, ${SITES}) g where g % 10 <> 0`);
  await db.execute(sql`
    insert into checks (name, url, interval_seconds, timeout_seconds, expected_status, confirmations, website_id, status)
    select 'Check ' || w.domain, 'https://' || w.domain, 60, 10, '200-399', 2, w.id, 'down'
    from websites w where w.id % 20 = 0`);
});

afterAll(async () => {
  await database.close();
});

describe('the health refresh over a range of the fleet', () => {
  it('reads a bounded number of pages per website, even on tables the planner misjudges', async () => {
    const { db } = database;
    const at = new Date();
    const plan = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
      await db.execute(
        sql`explain (analyze, buffers, format json) ${healthRefreshSql(at, sql`w.id between 1 and 2000`)}`,
      ),
    )[0]!['QUERY PLAN'];
    const top = (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan as PlanNode;
    const pages = (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
    // A statement that looked a website's check and monitors up again for every website read millions.
    expect(pages).toBeLessThan(SITES * 20);
    // And it did its work: every website has its health, the checks' and the monitors' alike.
    const kept = rowsOf<{ source: string | null; n: number }>(
      await db.execute(
        sql`select source, count(*)::int as n from website_health group by source order by source`,
      ),
    );
    expect(kept).toEqual([
      { source: 'betteruptime', n: 425 },
      { source: 'check', n: 25 },
      { source: null, n: 51 },
    ]);
  });
});
