import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { pageOf, parseSort } from '../../shared/lists';
import type { Task, TaskInput, TaskListQuery, TaskPage } from '../../shared/tasks';
import { recordActivity } from '../activity';
import { keptAnswer } from '../core/cache/kept';
import { type Context, withTransaction } from '../core/context';
import { notFound } from '../core/errors';
import { clientInScope, isScoped, type ScopeContext, scopeKey, websiteInScope } from '../core/scope';
import { likePattern } from '../core/sql';
import type { Db } from '../db/client';
import { clients, tasks, users, websites } from '../db/schema';
import { assertLinks, isForeignKeyViolation } from './links';

const columns = {
  task: tasks,
  assigneeName: users.username,
  clientName: clients.name,
  websiteName: websites.name,
};
type JoinedRow = { task: typeof tasks.$inferSelect } & {
  assigneeName: string | null;
  clientName: string | null;
  websiteName: string | null;
};

// The board's column order, not the alphabet's (the same expression as tasks_board_order_idx).
const statusOrder = sql`case ${tasks.status} when 'todo' then 0 when 'in-progress' then 1 when 'review' then 2 else 3 end`;

/** Tasks joined to the names of what they link to. */
function joinedTasks(db: Db) {
  return db
    .select(columns)
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.assigneeId))
    .leftJoin(clients, eq(clients.id, tasks.clientId))
    .leftJoin(websites, eq(websites.id, tasks.websiteId));
}

function selectTasks(db: Db, where?: SQL) {
  return joinedTasks(db)
    .where(where)
    .orderBy(statusOrder, sql`${tasks.dueDate} asc nulls last`, asc(tasks.id));
}

/**
 * A person limited to chosen clients sees the tasks of those clients, and of their websites; a task
 * linked to neither is not theirs.
 */
export const taskInScope = (ctx: ScopeContext): SQL | undefined =>
  isScoped(ctx)
    ? sql`(${clientInScope(ctx, sql`${tasks.clientId}`)} or ${websiteInScope(ctx, sql`${tasks.websiteId}`)})`
    : undefined;

function taskFilters(ctx: ScopeContext, query: TaskListQuery): SQL[] {
  const like = query.q ? likePattern(query.q) : null;
  return [
    taskInScope(ctx),
    query.status && eq(tasks.status, query.status),
    query.priority && eq(tasks.priority, query.priority),
    query.assigneeId && eq(tasks.assigneeId, query.assigneeId),
    query.clientId && eq(tasks.clientId, query.clientId),
    query.websiteId && eq(tasks.websiteId, query.websiteId),
    like && or(taskTextMatch(like), sql`lower(coalesce(${clients.name}, '')) like ${like}`),
  ].filter((f): f is SQL => Boolean(f));
}

/** A task whose title, description or project holds the LIKE pattern (lower-cased): trigram indexes. */
export const taskTextMatch = (like: string) =>
  or(
    sql`lower(${tasks.title}) like ${like}`,
    sql`lower(coalesce(${tasks.description}, '')) like ${like}`,
    sql`lower(coalesce(${tasks.project}, '')) like ${like}`,
  ) as SQL;

/** Every task with the names of what it links to: one request (GET /api/tasks without parameters). */
export async function listTasks(ctx: Pick<Context, 'db' | 'actor'>): Promise<Task[]> {
  const { db } = ctx;
  const rows = await selectTasks(db, taskInScope(ctx));
  return rows.map(toTask);
}

const priorityOrder = sql`case ${tasks.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`;

/**
 * The rows of one page of tasks, joined to the names they link to. In the board's order or by due
 * date the page is an index range (tasks_board_order_idx, tasks_due_idx), not a sort of every task.
 */
export function taskPageQuery(ctx: Pick<Context, 'db' | 'actor'>, query: TaskListQuery) {
  const { db } = ctx;
  const { pageSize, offset } = pageOf(query);
  const sort = parseSort(query.sort ?? 'status');
  const dir = sort.desc ? desc : asc;
  const first =
    sort.field === 'due'
      ? sql`${tasks.dueDate} ${sql.raw(sort.desc ? 'desc nulls last' : 'asc nulls last')}`
      : sort.field === 'priority'
        ? dir(priorityOrder)
        : sort.field === 'title'
          ? dir(sql`lower(${tasks.title})`)
          : sort.field === 'createdAt'
            ? dir(tasks.createdAt)
            : dir(statusOrder);
  const filters = taskFilters(ctx, query);
  return joinedTasks(db)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(first, sql`${tasks.dueDate} asc nulls last`, asc(tasks.id))
    .limit(pageSize)
    .offset(offset);
}

/** One page of tasks, with the per-status counts of every task (the page's counters). */
/** One page of tasks, kept while the tasks and the names they show are unchanged (the answer cache). */
export function listTaskPage(ctx: Pick<Context, 'db' | 'actor'>, query: TaskListQuery): Promise<TaskPage> {
  const { db } = ctx;
  return keptAnswer(
    db,
    { tables: ['tasks', 'users', 'clients', 'websites'] },
    `tasks ${JSON.stringify(query)} ${scopeKey(ctx)}`,
    () => readTaskPage(ctx, query),
  );
}

async function readTaskPage(ctx: Pick<Context, 'db' | 'actor'>, query: TaskListQuery): Promise<TaskPage> {
  const { db } = ctx;
  const { page, pageSize } = pageOf(query);
  const filters = taskFilters(ctx, query);
  const cond = filters.length ? and(...filters) : undefined;
  const [byStatus, [matching], found] = await Promise.all([
    db.select({ status: tasks.status, n: count() }).from(tasks).where(taskInScope(ctx)).groupBy(tasks.status),
    db.select({ n: count() }).from(tasks).leftJoin(clients, eq(clients.id, tasks.clientId)).where(cond),
    taskPageQuery(ctx, query),
  ]);
  const counts = { todo: 0, 'in-progress': 0, review: 0, completed: 0 };
  for (const r of byStatus) if (r.status in counts) counts[r.status as keyof typeof counts] = Number(r.n);
  const total = Number(matching?.n ?? 0);
  return {
    data: found.map(toTask),
    total,
    overall: Object.values(counts).reduce((a, b) => a + b, 0),
    page,
    pageSize,
    counts,
  };
}

async function getTask(ctx: Pick<Context, 'db' | 'actor'>, id: number): Promise<Task> {
  const [row] = await selectTasks(ctx.db, and(eq(tasks.id, id), taskInScope(ctx)));
  if (!row) throw notFound('Task not found');
  return toTask(row);
}

/** Runs a write that sets the links; a link deleted meanwhile becomes the same 400 as an unknown one. */
async function withLinks<T>(ctx: WriteContext, input: TaskInput, write: () => Promise<T>): Promise<T> {
  await assertLinks(ctx, input);
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) await assertLinks(ctx, input);
    throw err;
  }
}

export async function createTask(ctx: WriteContext, input: TaskInput): Promise<Task> {
  const id = await withLinks(ctx, input, () =>
    withTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      const [row] = await tx.db
        .insert(tasks)
        .values({
          ...input,
          createdAt: now,
          updatedAt: now,
          completedAt: input.status === 'completed' ? now : null,
        })
        .returning();
      await recordActivity(tx, {
        type: 'success',
        action: 'task.created',
        message: `added task ${row!.title}`,
        link: '/tasks',
        clientId: input.clientId ?? null,
        websiteId: input.websiteId ?? null,
      });
      return row!.id;
    }),
  );
  return getTask(ctx, id);
}

/** Replaces every field (the form always sends them all); completing a task is logged as such. */
export async function updateTask(ctx: WriteContext, id: number, input: TaskInput): Promise<Task> {
  await getTask(ctx, id); // a task out of the person's sight is not found
  await withLinks(ctx, input, () =>
    withTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      const [before] = await tx.db
        .select({ status: tasks.status })
        .from(tasks)
        .where(eq(tasks.id, id))
        .for('update');
      if (!before) throw notFound('Task not found');
      const [row] = await tx.db
        .update(tasks)
        .set({
          ...input,
          updatedAt: now,
          // Kept from the first completion: reports count a task in the period it was completed.
          completedAt: input.status === 'completed' ? sql`coalesce(${tasks.completedAt}, ${now})` : null,
        })
        .where(eq(tasks.id, id))
        .returning({ title: tasks.title, status: tasks.status });
      if (!row) throw notFound('Task not found');
      const completed = row.status === 'completed' && before.status !== 'completed';
      await recordActivity(tx, {
        type: completed ? 'success' : 'info',
        action: completed ? 'task.completed' : 'task.updated',
        message: `${completed ? 'completed' : 'updated'} task ${row.title}`,
        link: '/tasks',
        clientId: input.clientId ?? null,
        websiteId: input.websiteId ?? null,
      });
    }),
  );
  return getTask(ctx, id);
}

export async function deleteTask(ctx: WriteContext, id: number): Promise<void> {
  await getTask(ctx, id); // a task out of the person's sight is not found
  await withTransaction(ctx, async (tx) => {
    const deleted = await tx.db.delete(tasks).where(eq(tasks.id, id)).returning({ title: tasks.title });
    if (deleted.length === 0) throw notFound('Task not found');
    await recordActivity(tx, {
      type: 'warning',
      action: 'task.deleted',
      message: `deleted task ${deleted[0]!.title}`,
      link: '/tasks',
    });
  });
}

/** What a write needs: its transaction, the clock and who acts. */
type WriteContext = Pick<Context, 'db' | 'clock' | 'actor'>;

function toTask({ task: row, assigneeName, clientName, websiteName }: JoinedRow): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status as Task['status'],
    priority: row.priority as Task['priority'],
    assignee:
      row.assigneeId !== null && assigneeName !== null
        ? { id: row.assigneeId, username: assigneeName }
        : null,
    client: row.clientId !== null && clientName !== null ? { id: row.clientId, name: clientName } : null,
    website: row.websiteId !== null && websiteName !== null ? { id: row.websiteId, name: websiteName } : null,
    project: row.project,
    dueDate: row.dueDate,
    estimatedHours: row.estimatedHours,
    timeSpentHours: row.timeSpentHours,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
