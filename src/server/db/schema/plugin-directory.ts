import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What wordpress.org's plugin directory says of each plugin slug the fleet runs: listed (with its
 * latest version), closed (with the day and the reason) or not listed (a premium or custom plugin).
 * `was_listed` stays true once a slug was seen listed, so a plugin that is later closed, or whose
 * answer turns into "not found", is noticed as having left the directory rather than taken for a
 * premium plugin.
 */
export const pluginDirectory = pgTable('plugin_directory', {
  slug: text().primaryKey(),
  status: text().notNull(), // listed | closed | not_listed
  wasListed: boolean().notNull().default(false),
  latestVersion: text(),
  /** The day wordpress.org closed it (YYYY-MM-DD), as it says. */
  closedOn: text(),
  closedReason: text(),
  checkedAt: timestamp({ withTimezone: true }).notNull(),
});
