import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Task, TaskInput, TaskListQuery } from '../../shared/tasks';
import { type Actor, recordActivity } from '../activity/service';
import type { Db } from '../db/client';
import { clients, tasks, users, websites } from '../db/schema';
import { notFound } from '../http/errors';
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

// The board's column order, not the alphabet's.
const statusOrder = sql`case ${tasks.status} when 'todo' then 0 when 'in-progress' then 1 when 'review' then 2 else 3 end`;

function selectTasks(db: Db, where?: SQL) {
  return db
    .select(columns)
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.assigneeId))
    .leftJoin(clients, eq(clients.id, tasks.clientId))
    .leftJoin(websites, eq(websites.id, tasks.websiteId))
    .where(where)
    .orderBy(statusOrder, sql`${tasks.dueDate} asc nulls last`, asc(tasks.id));
}

/** Every task (or those matching the filters) with the names of what it links to: one request. */
export async function listTasks(db: Db, query: TaskListQuery = {}): Promise<Task[]> {
  const filters = [
    query.status && eq(tasks.status, query.status),
    query.priority && eq(tasks.priority, query.priority),
    query.assigneeId && eq(tasks.assigneeId, query.assigneeId),
    query.clientId && eq(tasks.clientId, query.clientId),
    query.websiteId && eq(tasks.websiteId, query.websiteId),
  ].filter((f): f is SQL => Boolean(f));
  const rows = await selectTasks(db, filters.length ? and(...filters) : undefined);
  return rows.map(toTask);
}

async function getTask(db: Db, id: number): Promise<Task> {
  const [row] = await selectTasks(db, eq(tasks.id, id));
  if (!row) throw notFound('Task not found');
  return toTask(row);
}

/** Runs a write that sets the links; a link deleted meanwhile becomes the same 400 as an unknown one. */
async function withLinks<T>(db: Db, input: TaskInput, write: () => Promise<T>): Promise<T> {
  await assertLinks(db, input);
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) await assertLinks(db, input);
    throw err;
  }
}

export async function createTask(db: Db, input: TaskInput, actor?: Actor): Promise<Task> {
  const [row] = await withLinks(db, input, () =>
    db
      .insert(tasks)
      .values({ ...input, completedAt: input.status === 'completed' ? new Date() : null })
      .returning(),
  );
  await recordActivity(db, actor, {
    type: 'success',
    action: 'task.created',
    message: `added task ${row!.title}`,
    link: '/tasks',
    clientId: input.clientId ?? null,
    websiteId: input.websiteId ?? null,
  });
  return getTask(db, row!.id);
}

/** Replaces every field (the form always sends them all); completing a task is logged as such. */
export async function updateTask(db: Db, id: number, input: TaskInput, actor?: Actor): Promise<Task> {
  const [before] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id)).limit(1);
  if (!before) throw notFound('Task not found');
  const [row] = await withLinks(db, input, () =>
    db
      .update(tasks)
      .set({
        ...input,
        updatedAt: new Date(),
        // Kept from the first completion: reports count a task in the period it was completed.
        completedAt: input.status === 'completed' ? sql`coalesce(${tasks.completedAt}, now())` : null,
      })
      .where(eq(tasks.id, id))
      .returning({ title: tasks.title, status: tasks.status }),
  );
  if (!row) throw notFound('Task not found');
  const completed = row.status === 'completed' && before.status !== 'completed';
  await recordActivity(db, actor, {
    type: completed ? 'success' : 'info',
    action: completed ? 'task.completed' : 'task.updated',
    message: `${completed ? 'completed' : 'updated'} task ${row.title}`,
    link: '/tasks',
    clientId: input.clientId ?? null,
    websiteId: input.websiteId ?? null,
  });
  return getTask(db, id);
}

export async function deleteTask(db: Db, id: number, actor?: Actor): Promise<void> {
  const deleted = await db.delete(tasks).where(eq(tasks.id, id)).returning({ title: tasks.title });
  if (deleted.length === 0) throw notFound('Task not found');
  await recordActivity(db, actor, {
    type: 'warning',
    action: 'task.deleted',
    message: `deleted task ${deleted[0]!.title}`,
    link: '/tasks',
  });
}

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
