-- Update runs: what a person asked to update, each site's plan and outcome, and every step with its time.
CREATE TABLE "update_run_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"domain" text NOT NULL,
	"host" text NOT NULL,
	"server_id" text,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"items" jsonb NOT NULL,
	"last_backup_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"window_id" integer,
	"backup_request_id" integer,
	"health_before" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "update_run_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_site_id" integer NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "update_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"items" jsonb NOT NULL,
	"canary" boolean DEFAULT false NOT NULL,
	"concurrency" integer NOT NULL,
	"skip_backup_minutes" integer,
	"requested_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "update_run_sites" ADD CONSTRAINT "update_run_sites_run_id_update_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."update_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_run_sites" ADD CONSTRAINT "update_run_sites_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_run_steps" ADD CONSTRAINT "update_run_steps_run_site_id_update_run_sites_id_fk" FOREIGN KEY ("run_site_id") REFERENCES "public"."update_run_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_runs" ADD CONSTRAINT "update_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "update_run_sites_run_idx" ON "update_run_sites" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "update_run_sites_active_idx" ON "update_run_sites" USING btree ("server_id") WHERE "update_run_sites"."claimed_at" is not null and "update_run_sites"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "update_run_steps_site_idx" ON "update_run_steps" USING btree ("run_site_id","id");