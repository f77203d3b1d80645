CREATE TABLE "plugin_directory" (
	"slug" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"was_listed" boolean DEFAULT false NOT NULL,
	"latest_version" text,
	"closed_on" text,
	"closed_reason" text,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_software" ADD COLUMN "version_since" timestamp with time zone;--> statement-breakpoint
-- What sites already run has been at its version at least since now: a stale plugin is measured from here.
UPDATE "website_software" SET "version_since" = now();--> statement-breakpoint
-- The Security page's kept answers read the directory's verdicts (closed plugins, latest versions).
CREATE TRIGGER "plugin_directory_insert_generation" AFTER INSERT ON "plugin_directory" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "plugin_directory_update_generation" AFTER UPDATE ON "plugin_directory" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "plugin_directory_delete_generation" AFTER DELETE ON "plugin_directory" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();
