CREATE TABLE "security_finding_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"vulnerability_id" text NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"severity" text NOT NULL,
	"reference" text NOT NULL,
	"opened_version" text NOT NULL,
	"patched_version" text,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_version" text
);
--> statement-breakpoint
CREATE TABLE "security_finding_history_start" (
	"id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_finding_history" ADD CONSTRAINT "security_finding_history_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "security_finding_history_open_idx" ON "security_finding_history" USING btree ("website_id","vulnerability_id","type","slug") WHERE "security_finding_history"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "security_finding_history_website_idx" ON "security_finding_history" USING btree ("website_id","opened_at");