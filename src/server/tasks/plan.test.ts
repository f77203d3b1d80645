import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import { clientTextMatch } from '../clients/service';
import { likePattern, rowsOf } from '../core/sql';
import type { Database } from '../db/client';
import { clients, tasks } from '../db/schema';
import { listTaskPage, taskPageQuery, taskTextMatch } from './service';

/** A page of tasks costs what the page shows, however many tasks the agency has kept. */
describe('a page of tasks at 5,000 tasks', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`insert into tasks (title, status, priority, due_date)
      select 'Task ' || i, (array['todo','in-progress','review','completed'])[1 + i % 4],
        (array['low','medium','high','urgent'])[1 + i % 4],
        case when i % 3 = 0 then null else date '2026-01-01' + (i % 400) end
      from generate_series(1, 5000) as i`);
    await database.db.execute(sql`analyze tasks`);
  });
  afterAll(() => database.close());

  /** The plan of the page query, as text. */
  const plan = async (query: Parameters<typeof taskPageQuery>[1]) => {
    const { sql: text, params } = taskPageQuery(database, query).toSQL();
    const { rows } = await database.query(`explain ${text}`, params as unknown[]);
    return rows.map((r) => String(Object.values(r)[0])).join('\n');
  };

  it.each([
    ['the board order', { pageSize: 50 }, 'tasks_board_order_idx'],
    ['the board order, page 2', { page: 2, pageSize: 50 }, 'tasks_board_order_idx'],
    ['due date', { pageSize: 50, sort: 'due' }, 'tasks_due_idx'],
  ])('in %s it reads an index range, never sorting every task', async (_, query, index) => {
    const text = await plan(query);
    expect(text).toContain(index);
    expect(text).not.toMatch(/Sort/);
  });

  it('still answers the page in that order, undated tasks last', async () => {
    const board = await listTaskPage(database, { pageSize: 200, page: 8 });
    expect(board.data.every((t) => t.status === 'in-progress')).toBe(true); // after the 1,250 to-dos
    const byDue = await listTaskPage(database, { pageSize: 200, sort: 'due' });
    const dates = byDue.data.map((t) => t.dueDate);
    expect(dates.every((d) => d !== null)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    const last = await listTaskPage(database, { pageSize: 200, page: 25, sort: 'due' });
    expect(last.data.every((t) => t.dueDate === null)).toBe(true);
    const counted = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from tasks where due_date is null`),
    );
    expect(counted[0]!.n).toBe(1666);
  });
});

/** Global search and the lists' q read trigram indexes at any number of tasks and clients. */
describe('text search at 20,000 tasks and clients', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Most tasks have a title alone; one in ten a description and a project.
    await database.db.execute(sql`insert into tasks (title, description, project)
      select 'Task ' || i, case when i % 10 = 0 then 'Update plugins on site ' || i end,
        case when i % 10 = 0 then 'Care plan ' || (i % 40) end
      from generate_series(1, 20000) as i`);
    await database.db.execute(sql`insert into clients (name, company, email)
      select 'Client ' || i, 'Company ' || i, 'owner' || i || '@example.com'
      from generate_series(1, 20000) as i`);
    // As the embedded database's upkeep and autovacuum leave them (the GIN indexes' pending lists merged).
    await database.db.execute(sql`vacuum analyze tasks`);
    await database.db.execute(sql`vacuum analyze clients`);
  });
  afterAll(() => database.close());

  const plan = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = query.toSQL();
    const { rows } = await database.query(`explain ${text}`, params);
    return rows.map((r) => String(Object.values(r)[0])).join('\n');
  };

  it.each(['quokka', 'Site 4242'])(
    'finds "%s" through the trigram indexes, reading no table whole',
    async (q) => {
      const like = likePattern(q);
      const taskPlan = await plan(
        database.db.select({ id: tasks.id }).from(tasks).where(taskTextMatch(like)).limit(50),
      );
      expect(taskPlan).toMatch(/tasks_(title|description|project)_trgm_idx/);
      expect(taskPlan).not.toMatch(/Seq Scan/);
      const clientPlan = await plan(
        database.db.select({ id: clients.id }).from(clients).where(clientTextMatch(like)).limit(50),
      );
      expect(clientPlan).toMatch(/clients_(name|company|email)_trgm_idx/);
      expect(clientPlan).not.toMatch(/Seq Scan/);
    },
  );
});
