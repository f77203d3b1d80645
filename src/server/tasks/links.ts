import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TaskInput } from '../../shared/tasks';
import type { Db } from '../db/client';
import { clients, users, websites } from '../db/schema';
import { badRequest } from '../http/errors';

const links = [
  { field: 'assigneeId', column: users.id, noun: 'team member' },
  { field: 'clientId', column: clients.id, noun: 'client' },
  { field: 'websiteId', column: websites.id, noun: 'website' },
] as const satisfies readonly { field: keyof TaskInput; column: PgColumn; noun: string }[];

/** A 400 naming every link (assignee, client, website) whose row does not exist. */
export async function assertLinks(db: Db, input: TaskInput): Promise<void> {
  const fieldErrors: Record<string, string[]> = {};
  for (const { field, column, noun } of links) {
    const id = input[field];
    if (id === null) continue;
    const [row] = await db.select({ id: column }).from(column.table).where(eq(column, id)).limit(1);
    if (!row) fieldErrors[field] = [`No ${noun} with id ${id}`];
  }
  const messages = Object.values(fieldErrors).flat();
  if (messages.length) throw badRequest(messages.join('; '), fieldErrors);
}

export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23503') return true;
  }
  return false;
}
