import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The known vulnerabilities of WordPress plugins, themes and core, as the last complete read of the
 * vulnerability feed (Wordfence Intelligence) gave them. Each read is a generation of its own: its rows
 * are written alongside the previous generation's, which stays in force (and is what every page reads)
 * until the new read is complete; then the previous one goes. A read that fails leaves nothing behind.
 */
export const vulnerabilities = pgTable(
  'vulnerabilities',
  {
    generation: integer().notNull(),
    id: text().notNull(),
    title: text().notNull(),
    informational: boolean().notNull(),
    cvssScore: doublePrecision(),
    /** None, Low, Medium, High or Critical; null when the feed gives no score ("Unknown"). */
    cvssRating: text(),
    cvssVector: text(),
    cve: text(),
    cveLink: text(),
    /** The record's page on the feed's site: every finding shown links to it. */
    reference: text().notNull(),
    published: timestamp({ withTimezone: true }),
    updated: timestamp({ withTimezone: true }),
    /** The notices the feed's licence asks to show beside its records. */
    copyrights: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.generation, t.id] })],
);

/** What each vulnerability affects: a plugin, theme or core, by slug, with its affected version ranges. */
export const vulnerabilitySoftware = pgTable(
  'vulnerability_software',
  {
    generation: integer().notNull(),
    vulnerabilityId: text().notNull(),
    type: text().notNull(), // plugin | theme | core
    slug: text().notNull(),
    name: text().notNull(),
    patched: boolean().notNull(),
    patchedVersions: jsonb().$type<string[]>().notNull(),
    remediation: text(),
    /** [{ fromVersion, fromInclusive, toVersion, toInclusive }], null bounds open. */
    ranges: jsonb().notNull(),
  },
  (t) => [
    index('vulnerability_software_slug_idx').on(t.generation, t.type, t.slug),
    index('vulnerability_software_vulnerability_idx').on(t.generation, t.vulnerabilityId),
  ],
);

/**
 * Where the feed stands (one row): the generation in force and when it was read, the last failed
 * attempt's error, and until when the feed asked us to wait (it limits how often a key may read).
 */
export const vulnerabilityFeed = pgTable('vulnerability_feed', {
  id: integer().primaryKey(),
  generation: integer().notNull().default(0),
  readAt: timestamp({ withTimezone: true }),
  records: integer().notNull().default(0),
  attemptedAt: timestamp({ withTimezone: true }),
  error: text(),
  retryAfter: timestamp({ withTimezone: true }),
});

/**
 * Which vulnerabilities each installed version is affected by, worked out once per distinct
 * (type, slug, version) the fleet runs rather than once per site: the fleet's findings are then a join
 * of what each site runs with these rows. Kept for the generation in force only.
 */
export const vulnerabilityMatches = pgTable(
  'vulnerability_matches',
  {
    generation: integer().notNull(),
    type: text().notNull(), // plugin | theme | core
    slug: text().notNull(),
    version: text().notNull(),
    vulnerabilityId: text().notNull(),
    /** The first release that fixes it for this version; null when no fix is published. */
    patchedVersion: text(),
  },
  (t) => [
    primaryKey({ columns: [t.generation, t.type, t.slug, t.version, t.vulnerabilityId] }),
    index('vulnerability_matches_vulnerability_idx').on(t.generation, t.vulnerabilityId),
  ],
);

/**
 * Every (type, slug, version) already matched against the generation in force, vulnerable or not: a
 * version missing here has not been matched yet, which is "not checked", never "no vulnerabilities".
 */
export const vulnerabilityMatchedVersions = pgTable(
  'vulnerability_matched_versions',
  {
    generation: integer().notNull(),
    type: text().notNull(),
    slug: text().notNull(),
    version: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.generation, t.type, t.slug, t.version] })],
);
