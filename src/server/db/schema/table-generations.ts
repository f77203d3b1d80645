import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * A counter per table of ours that lists read (websites, tags, clients, tasks …), bumped by a statement
 * trigger in the writing transaction (migrations 0014, 0016). With the provider caches' generations it tells,
 * in one small read and across instances, whether a list's answer can be reused.
 */
export const tableGenerations = pgTable('table_generations', {
  name: text().primaryKey(),
  generation: bigint({ mode: 'number' }).notNull().default(0),
});
