import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TaskInput } from '../../shared/tasks';
import type { Context } from '../core/context';
import { badRequest } from '../core/errors';
import { clientInScope, isScoped } from '../core/scope';
import { clients, users, websites } from '../db/schema';

const links = [
  { field: 'assigneeId', column: users.id, noun: 'team member' },
  { field: 'clientId', column: clients.id, noun: 'client' },
  { field: 'websiteId', column: websites.id, noun: 'website' },
] as const satisfies readonly { field: keyof TaskInput; column: PgColumn; noun: string }[];

/**
 * A 400 naming every link (assignee, client, website) whose row does not exist; to a person limited to
 * chosen clients, another client or its website does not exist, and a task must name one of theirs.
 */
export async function assertLinks(ctx: Pick<Context, 'db' | 'actor'>, input: TaskInput): Promise<void> {
  const { db } = ctx;
  const fieldErrors: Record<string, string[]> = {};
  for (const { field, column, noun } of links) {
    const id = input[field];
    if (id === null) continue;
    const visible =
      field === 'clientId'
        ? clientInScope(ctx, sql`${clients.id}`)
        : field === 'websiteId'
          ? clientInScope(ctx, sql`${websites.clientId}`)
          : undefined;
    const [row] = await db
      .select({ id: column })
      .from(column.table)
      .where(and(eq(column, id), visible))
      .limit(1);
    if (!row) fieldErrors[field] = [`No ${noun} with id ${id}`];
  }
  if (isScoped(ctx) && input.clientId === null && input.websiteId === null)
    fieldErrors.clientId = ['Choose one of your clients for this task'];
  const messages = Object.values(fieldErrors).flat();
  if (messages.length) throw badRequest(messages.join('; '), fieldErrors);
}

export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23503') return true;
  }
  return false;
}
