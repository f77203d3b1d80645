import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './websites';

/**
 * What we know of each website's WordPress and PHP (the fleet view, coverage and reports): the PHP
 * version its host runs it on (GridPane), and what the HD Snapshot plugin last said, or why it did not.
 */
export const websiteFacts = pgTable(
  'website_facts',
  {
    websiteId: integer()
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** The PHP version GridPane runs the site on ("8.1"). */
    hostPhp: text(),
    /** From the HD Snapshot plugin: the versions WordPress reports, and when it last answered. */
    wordpressVersion: text(),
    php: text(),
    snapshotAt: timestamp({ withTimezone: true }),
    /** The last attempt: whether the plugin answered, and the reason when it did not. */
    snapshotOk: boolean(),
    snapshotError: text(),
    attemptedAt: timestamp({ withTimezone: true }),
    /**
     * When the site's plugin and theme list was last read, and from where (`hdsnapshot`); null while
     * no source reports it. `softwareHash` says whether a new list differs from the kept one.
     */
    softwareAt: timestamp({ withTimezone: true }),
    softwareSource: text(),
    softwareHash: text(),
    /** The PHP branch the site runs ("8.1"): what WordPress reports, else its host. The fleet view counts it. */
    phpBranch: text().generatedAlwaysAs(sql`substring(coalesce(php, host_php) from '^([0-9]+[.][0-9]+)')`),
  },
  (t) => [
    index('website_facts_wordpress_version_idx').on(t.wordpressVersion),
    index('website_facts_php_branch_idx').on(t.phpBranch),
  ],
);

/** Each change of a website's WordPress or PHP version, with when it was seen: reports state the versions at a period's end. */
export const websiteVersions = pgTable(
  'website_versions',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    seenAt: timestamp({ withTimezone: true }).notNull(),
    wordpressVersion: text(),
    php: text(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.seenAt] })],
);

/**
 * The plugins and themes each website runs, as its source last listed them (replaced whole when the
 * list changes): what vulnerability matching and the update checks read.
 */
export const websiteSoftware = pgTable(
  'website_software',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    type: text().notNull(), // plugin | theme
    slug: text().notNull(),
    /** A plugin's path as WordPress keys it ("folder/main.php"). */
    file: text(),
    name: text().notNull(),
    version: text(),
    active: boolean().notNull(),
    /** The update WordPress offers; null when none or unknown. */
    updateVersion: text(),
    autoUpdate: boolean(),
    /** A child theme's parent (its slug). */
    parent: text(),
    /** When this version was first read on this site: how long a plugin has gone without a release. */
    versionSince: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.type, t.slug] }),
    index('website_software_slug_idx').on(t.type, t.slug),
    // The fleet's findings join what each site runs to the vulnerable versions by these three.
    index('website_software_version_idx').on(t.type, t.slug, t.version),
  ],
);
