import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';
import { websites } from './websites';

export const tasks = pgTable(
  'tasks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    description: text(),
    status: text().notNull().default('todo'), // todo | in-progress | review | completed
    priority: text().notNull().default('medium'), // low | medium | high | urgent
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    clientId: integer().references(() => clients.id, { onDelete: 'set null' }),
    websiteId: integer().references(() => websites.id, { onDelete: 'set null' }),
    project: text(),
    dueDate: date({ mode: 'string' }),
    estimatedHours: doublePrecision(),
    timeSpentHours: doublePrecision().notNull().default(0),
    tags: text().array().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it was last marked completed (reports count tasks completed in their period). */
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('tasks_status_idx').on(t.status),
    index('tasks_assignee_id_idx').on(t.assigneeId),
    index('tasks_client_id_idx').on(t.clientId),
    index('tasks_website_id_idx').on(t.websiteId),
    index('tasks_completed_at_idx').on(t.completedAt),
    // The board's order (tasks/service.ts): a page of it is an index range, not a sort of every task.
    index('tasks_board_order_idx').on(
      sql`(case ${t.status} when 'todo' then 0 when 'in-progress' then 1 when 'review' then 2 else 3 end)`,
      t.dueDate.asc().nullsLast(),
      t.id,
    ),
    // The list sorted by due date (soonest first, undated last).
    index('tasks_due_idx').on(t.dueDate, t.id),
    // Text search (the list's q and global search) reads trigram indexes, not every task.
    index('tasks_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('tasks_description_trgm_idx').using('gin', sql`lower(coalesce(${t.description}, '')) gin_trgm_ops`),
    index('tasks_project_trgm_idx').using('gin', sql`lower(coalesce(${t.project}, '')) gin_trgm_ops`),
  ],
);
export type TaskRow = typeof tasks.$inferSelect;
