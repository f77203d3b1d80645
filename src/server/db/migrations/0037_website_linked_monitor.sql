ALTER TABLE "websites" ADD COLUMN "linked_monitor_id" text;--> statement-breakpoint
CREATE INDEX "websites_linked_monitor_id_idx" ON "websites" USING btree ("linked_monitor_id");