import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * Our own record of every site a provider lists: matched by normalised domain, kept
 * in step by each sync, never duplicated; tags attach here and survive the site's removal.
 */
export const websites = pgTable(
  'websites',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    domain: text().notNull(), // normalised: lowercase, no scheme, no leading www., no trailing slash
    integrationProvider: text().notNull(),
    providerSiteId: text(),
    serverId: text(),
    status: text().notNull(),
    environment: text().notNull(), // production | staging
    removed: boolean().notNull().default(false),
    /** The client the site belongs to (at most one; a client has many). */
    clientId: integer().references(() => clients.id, { onDelete: 'set null' }),
    /**
     * The Better Uptime monitor a person chose to watch this website, by its id; null leaves the choice
     * to the domain (the lowest id of the monitors of its address).
     */
    linkedMonitorId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('websites_domain_idx').on(t.domain),
    index('websites_provider_site_id_idx').on(t.integrationProvider, t.providerSiteId),
    index('websites_client_id_idx').on(t.clientId),
    index('websites_server_id_idx').on(t.serverId),
    index('websites_linked_monitor_id_idx').on(t.linkedMonitorId),
    // Trigram indexes (pg_trgm): a search for "shop" reads the matching rows, not all 20,000.
    index('websites_domain_trgm_idx').using('gin', t.domain.op('gin_trgm_ops')),
    index('websites_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export type WebsiteRow = typeof websites.$inferSelect;
