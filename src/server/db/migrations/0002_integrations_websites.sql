CREATE TABLE "integrations" (
	"provider" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"secrets" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"call_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_records" (
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_records_provider_kind_external_id_pk" PRIMARY KEY("provider","kind","external_id")
);
--> statement-breakpoint
CREATE TABLE "provider_syncs" (
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"synced_at" timestamp with time zone,
	"partial" boolean DEFAULT false NOT NULL,
	"error" text,
	"error_at" timestamp with time zone,
	CONSTRAINT "provider_syncs_provider_kind_pk" PRIMARY KEY("provider","kind")
);
--> statement-breakpoint
CREATE TABLE "website_tags" (
	"website_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "website_tags_website_id_tag_id_pk" PRIMARY KEY("website_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "websites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"integration_provider" text NOT NULL,
	"provider_site_id" text,
	"server_id" text,
	"status" text NOT NULL,
	"environment" text NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_tags" ADD CONSTRAINT "website_tags_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_tags" ADD CONSTRAINT "website_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_syncs_provider_idx" ON "provider_syncs" USING btree ("provider");--> statement-breakpoint
CREATE INDEX "website_tags_tag_id_idx" ON "website_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "websites_domain_idx" ON "websites" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "websites_provider_site_id_idx" ON "websites" USING btree ("integration_provider","provider_site_id");