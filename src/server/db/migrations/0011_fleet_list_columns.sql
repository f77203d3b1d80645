ALTER TABLE "provider_records" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "provider_records" ADD COLUMN "sort_key" text;--> statement-breakpoint
ALTER TABLE "provider_records" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "provider_records" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "provider_records" ADD COLUMN "search" text;--> statement-breakpoint
CREATE INDEX "provider_records_sort_key_idx" ON "provider_records" USING btree ("provider","kind","sort_key","external_id");--> statement-breakpoint
CREATE INDEX "provider_records_parent_id_idx" ON "provider_records" USING btree ("provider","kind","parent_id");--> statement-breakpoint
CREATE INDEX "provider_records_domain_idx" ON "provider_records" USING btree ("provider","kind","domain");--> statement-breakpoint
CREATE INDEX "provider_records_status_idx" ON "provider_records" USING btree ("provider","kind","status");--> statement-breakpoint
-- Fill the list columns of rows cached before this migration (the next sync rewrites them anyway).
UPDATE "provider_records" SET
  "domain" = regexp_replace(regexp_replace(regexp_replace(lower(btrim(data->>'url')), '^[a-z][a-z0-9+.-]*://', ''), '^www\.', ''), '/+$', ''),
  "sort_key" = lower(data->>'url'),
  "status" = data->>'status',
  "parent_id" = data->>'server_id',
  "search" = lower(data->>'url')
WHERE "provider" = 'gridpane' AND "kind" = 'sites';--> statement-breakpoint
UPDATE "provider_records" SET
  "sort_key" = lower(data->>'label'),
  "status" = data->>'status',
  "search" = lower(concat_ws(' ', nullif(data->>'label', ''), nullif(data->>'name', ''), nullif(data->>'ip', ''), nullif(data->>'ip_address', '')))
WHERE "provider" = 'gridpane' AND "kind" = 'servers';--> statement-breakpoint
UPDATE "provider_records" SET
  "domain" = regexp_replace(regexp_replace(regexp_replace(lower(btrim(data->'attributes'->>'url')), '^[a-z][a-z0-9+.-]*://', ''), '^www\.', ''), '/+$', ''),
  "sort_key" = lower(coalesce(nullif(data->'attributes'->>'pronounceable_name', ''), data->'attributes'->>'url')),
  "status" = data->'attributes'->>'status',
  "search" = lower(concat_ws(' ', coalesce(nullif(data->'attributes'->>'pronounceable_name', ''), data->'attributes'->>'url'), nullif(data->'attributes'->>'url', '')))
WHERE "provider" = 'betteruptime' AND "kind" = 'monitors';
