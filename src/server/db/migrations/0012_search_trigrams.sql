-- pg_trgm ships with PostgreSQL (contrib, a trusted extension the database owner may create) and with
-- PGlite (loaded in db/client.ts): trigram indexes answer LIKE '%q%' without reading every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "provider_records_search_trgm_idx" ON "provider_records" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "websites_domain_trgm_idx" ON "websites" USING gin ("domain" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "websites_name_trgm_idx" ON "websites" USING gin (lower("name") gin_trgm_ops);