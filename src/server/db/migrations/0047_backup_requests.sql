-- The backups a person asked for, the restores an Admin asked for (each with the safety backup it takes
-- first), followed until the host is done; and, per host integration, whether restores from Agency Hub
-- are allowed (off by default).
CREATE TABLE "backup_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"host" text NOT NULL,
	"action" text DEFAULT 'backup' NOT NULL,
	"restore_backup_id" integer,
	"restore_backup_at" timestamp with time zone,
	"restore_backup_note" text,
	"safety_request_id" integer,
	"location" text,
	"tag" text NOT NULL,
	"reason" text DEFAULT 'requested' NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"operation_id" text,
	"requested_by" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "allow_restores" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "backup_requests" ADD CONSTRAINT "backup_requests_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_requests" ADD CONSTRAINT "backup_requests_restore_backup_id_website_backups_id_fk" FOREIGN KEY ("restore_backup_id") REFERENCES "public"."website_backups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_requests" ADD CONSTRAINT "backup_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_requests_website_idx" ON "backup_requests" USING btree ("website_id","requested_at");