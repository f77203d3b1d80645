CREATE TABLE "security_alerts" (
	"website_id" integer NOT NULL,
	"vulnerability_id" text NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"version" text NOT NULL,
	"alerted" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "security_alerts_website_id_vulnerability_id_type_slug_version_pk" PRIMARY KEY("website_id","vulnerability_id","type","slug","version")
);
--> statement-breakpoint
CREATE TABLE "security_alerts_start" (
	"id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_alerts" ADD CONSTRAINT "security_alerts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;