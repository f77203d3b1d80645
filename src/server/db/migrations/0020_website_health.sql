CREATE TABLE "website_health" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"source" text,
	"since" timestamp with time zone,
	"severity" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_health" ADD CONSTRAINT "website_health_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_health_state_idx" ON "website_health" USING btree ("state");--> statement-breakpoint
CREATE INDEX "website_health_severity_idx" ON "website_health" USING btree ("severity","website_id");