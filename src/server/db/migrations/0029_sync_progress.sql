ALTER TABLE "provider_syncs" ADD COLUMN "progress_done" integer;--> statement-breakpoint
ALTER TABLE "provider_syncs" ADD COLUMN "progress_total" integer;