-- Each website may have its own hours after which its newest backup is too old; when that happens is
-- kept beside it, filled here for the backups already read (under the default of 26 hours).
ALTER TABLE "website_backup_status" ADD COLUMN "threshold_hours" integer;--> statement-breakpoint
ALTER TABLE "website_backup_status" ADD COLUMN "old_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "website_backup_status_old_after_idx" ON "website_backup_status" USING btree ("old_after","website_id");--> statement-breakpoint
UPDATE "website_backup_status" SET "old_after" = "last_backup_at" + interval '26 hours' WHERE "last_backup_at" IS NOT NULL;
