CREATE TABLE "report_deliveries" (
	"client_id" integer NOT NULL,
	"period" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "report_deliveries_client_id_period_pk" PRIMARY KEY("client_id","period")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"day_of_month" smallint NOT NULL,
	"email" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_facts" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"host_php" text,
	"wordpress_version" text,
	"php" text,
	"snapshot_at" timestamp with time zone,
	"snapshot_ok" boolean,
	"snapshot_error" text,
	"attempted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "website_versions" (
	"website_id" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"wordpress_version" text,
	"php" text,
	CONSTRAINT "website_versions_website_id_seen_at_pk" PRIMARY KEY("website_id","seen_at")
);
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "website_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_facts" ADD CONSTRAINT "website_facts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_versions" ADD CONSTRAINT "website_versions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_facts_wordpress_version_idx" ON "website_facts" USING btree ("wordpress_version");--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_client_id_idx" ON "activity" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "activity_website_id_idx" ON "activity" USING btree ("website_id");--> statement-breakpoint
CREATE INDEX "tasks_completed_at_idx" ON "tasks" USING btree ("completed_at");--> statement-breakpoint
UPDATE "tasks" SET "completed_at" = "updated_at" WHERE "status" = 'completed';