CREATE TABLE "security_dismissals" (
	"website_id" integer NOT NULL,
	"vulnerability_id" text NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"dismissed_by" integer,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "security_dismissals_website_id_vulnerability_id_type_slug_pk" PRIMARY KEY("website_id","vulnerability_id","type","slug")
);
--> statement-breakpoint
CREATE TABLE "vulnerability_matched_versions" (
	"generation" integer NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"version" text NOT NULL,
	CONSTRAINT "vulnerability_matched_versions_generation_type_slug_version_pk" PRIMARY KEY("generation","type","slug","version")
);
--> statement-breakpoint
CREATE TABLE "vulnerability_matches" (
	"generation" integer NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"version" text NOT NULL,
	"vulnerability_id" text NOT NULL,
	"patched_version" text,
	CONSTRAINT "vulnerability_matches_generation_type_slug_version_vulnerability_id_pk" PRIMARY KEY("generation","type","slug","version","vulnerability_id")
);
--> statement-breakpoint
ALTER TABLE "security_dismissals" ADD CONSTRAINT "security_dismissals_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_dismissals" ADD CONSTRAINT "security_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vulnerability_matches_vulnerability_idx" ON "vulnerability_matches" USING btree ("generation","vulnerability_id");--> statement-breakpoint
CREATE INDEX "website_software_version_idx" ON "website_software" USING btree ("type","slug","version");