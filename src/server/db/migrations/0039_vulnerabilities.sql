CREATE TABLE "vulnerabilities" (
	"generation" integer NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"informational" boolean NOT NULL,
	"cvss_score" double precision,
	"cvss_rating" text,
	"cvss_vector" text,
	"cve" text,
	"cve_link" text,
	"reference" text NOT NULL,
	"published" timestamp with time zone,
	"updated" timestamp with time zone,
	"copyrights" jsonb NOT NULL,
	CONSTRAINT "vulnerabilities_generation_id_pk" PRIMARY KEY("generation","id")
);
--> statement-breakpoint
CREATE TABLE "vulnerability_feed" (
	"id" integer PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"records" integer DEFAULT 0 NOT NULL,
	"attempted_at" timestamp with time zone,
	"error" text,
	"retry_after" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vulnerability_software" (
	"generation" integer NOT NULL,
	"vulnerability_id" text NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"patched" boolean NOT NULL,
	"patched_versions" jsonb NOT NULL,
	"remediation" text,
	"ranges" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vulnerability_software_slug_idx" ON "vulnerability_software" USING btree ("generation","type","slug");--> statement-breakpoint
CREATE INDEX "vulnerability_software_vulnerability_idx" ON "vulnerability_software" USING btree ("generation","vulnerability_id");