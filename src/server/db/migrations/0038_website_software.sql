CREATE TABLE "website_software" (
	"website_id" integer NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"file" text,
	"name" text NOT NULL,
	"version" text,
	"active" boolean NOT NULL,
	"update_version" text,
	"auto_update" boolean,
	"parent" text,
	CONSTRAINT "website_software_website_id_type_slug_pk" PRIMARY KEY("website_id","type","slug")
);
--> statement-breakpoint
ALTER TABLE "website_facts" ADD COLUMN "software_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "website_facts" ADD COLUMN "software_source" text;--> statement-breakpoint
ALTER TABLE "website_facts" ADD COLUMN "software_hash" text;--> statement-breakpoint
ALTER TABLE "website_software" ADD CONSTRAINT "website_software_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_software_slug_idx" ON "website_software" USING btree ("type","slug");