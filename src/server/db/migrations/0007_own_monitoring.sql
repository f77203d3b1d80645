CREATE TABLE "alert_channel_tags" (
	"channel_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "alert_channel_tags_channel_id_tag_id_pk" PRIMARY KEY("channel_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "alert_channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel_id" integer NOT NULL,
	"incident_id" integer,
	"event" text NOT NULL,
	"subject_key" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "check_results" (
	"check_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"lag_ms" integer NOT NULL,
	"ok" boolean NOT NULL,
	"response_ms" integer,
	"status_code" smallint,
	"error" text,
	CONSTRAINT "check_results_check_id_due_at_pk" PRIMARY KEY("check_id","due_at")
);
--> statement-breakpoint
CREATE TABLE "check_rollups" (
	"check_id" integer NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"failures" integer NOT NULL,
	"response_ms_sum" integer NOT NULL,
	"responses" integer NOT NULL,
	CONSTRAINT "check_rollups_check_id_period_starts_at_pk" PRIMARY KEY("check_id","period","starts_at")
);
--> statement-breakpoint
CREATE TABLE "checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"url" text NOT NULL,
	"interval_seconds" integer NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"expected_status" text NOT NULL,
	"keyword" text,
	"keyword_mode" text DEFAULT 'present' NOT NULL,
	"confirmations" smallint NOT NULL,
	"website_id" integer,
	"paused" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_response_ms" integer,
	"last_status_code" smallint,
	"last_error" text,
	"cert_valid_to" timestamp with time zone,
	"cert_issuer" text,
	"cert_subject" text,
	"cert_warned_days" smallint,
	"cert_warned_for" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone,
	"reason" text,
	"checked_at" timestamp with time zone,
	"warned_days" smallint,
	"warned_for" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incidents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"check_id" integer,
	"monitor_id" text,
	"website_id" integer,
	"server_id" text,
	"parent_id" integer,
	"title" text NOT NULL,
	"cause" text,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"open_alerted_at" timestamp with time zone,
	"close_alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "maintenance_windows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_windows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reason" text,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"repeat" text DEFAULT 'none' NOT NULL,
	"ended_at" timestamp with time zone,
	"check_ids" integer[] DEFAULT '{}' NOT NULL,
	"website_ids" integer[] DEFAULT '{}' NOT NULL,
	"client_id" integer,
	"server_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "alert_channel_tags" ADD CONSTRAINT "alert_channel_tags_channel_id_alert_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."alert_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channel_tags" ADD CONSTRAINT "alert_channel_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_channel_id_alert_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."alert_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_results" ADD CONSTRAINT "check_results_check_id_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_rollups" ADD CONSTRAINT "check_rollups_check_id_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_check_id_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_parent_id_incidents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."incidents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once_idx" ON "alert_deliveries" USING btree ("channel_id","event","subject_key") WHERE "alert_deliveries"."event" <> 'test';--> statement-breakpoint
CREATE INDEX "alert_deliveries_incident_id_idx" ON "alert_deliveries" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "alert_deliveries_created_at_idx" ON "alert_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "check_results_due_at_idx" ON "check_results" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "check_rollups_starts_at_idx" ON "check_rollups" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "checks_next_due_at_idx" ON "checks" USING btree ("next_due_at") WHERE not "checks"."paused";--> statement-breakpoint
CREATE INDEX "checks_website_id_idx" ON "checks" USING btree ("website_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_open_check_idx" ON "incidents" USING btree ("check_id") WHERE "incidents"."ended_at" is null and "incidents"."source" = 'check';--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_open_monitor_idx" ON "incidents" USING btree ("monitor_id") WHERE "incidents"."ended_at" is null and "incidents"."source" = 'monitor';--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_open_server_idx" ON "incidents" USING btree ("server_id") WHERE "incidents"."ended_at" is null and "incidents"."source" = 'server';--> statement-breakpoint
CREATE INDEX "incidents_started_at_idx" ON "incidents" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "incidents_website_id_idx" ON "incidents" USING btree ("website_id");--> statement-breakpoint
CREATE INDEX "incidents_parent_id_idx" ON "incidents" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "maintenance_windows_starts_at_idx" ON "maintenance_windows" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "websites_client_id_idx" ON "websites" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "websites_server_id_idx" ON "websites" USING btree ("server_id");