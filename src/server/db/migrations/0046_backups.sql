-- Each website's backups as its host lists them, and what the host says of them as a whole. Kept
-- answers of the Backups page (its summary and list) move with the status table; the generation moves
-- only when a statement really wrote a row, so a read of an unchanged host bumps nothing.
CREATE TABLE "website_backup_status" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"read_at" timestamp with time zone,
	"last_backup_at" timestamp with time zone,
	"last_location" text,
	"schedule" text,
	"automatic" boolean,
	"remote" boolean,
	"retention_days" integer,
	"error" text,
	"error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "website_backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"key" text NOT NULL,
	"ref" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"location" text,
	"service" text,
	"note" text,
	"size_bytes" bigint
);
--> statement-breakpoint
ALTER TABLE "website_backup_status" ADD CONSTRAINT "website_backup_status_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_backups" ADD CONSTRAINT "website_backups_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_backup_status_last_idx" ON "website_backup_status" USING btree ("last_backup_at","website_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_backups_key_idx" ON "website_backups" USING btree ("website_id","key");--> statement-breakpoint
CREATE INDEX "website_backups_website_at_idx" ON "website_backups" USING btree ("website_id","at");--> statement-breakpoint
CREATE TRIGGER "website_backup_status_insert_generation" AFTER INSERT ON "website_backup_status" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "website_backup_status_update_generation" AFTER UPDATE ON "website_backup_status" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "website_backup_status_delete_generation" AFTER DELETE ON "website_backup_status" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();
