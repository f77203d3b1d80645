CREATE TABLE "security_pending" (
	"job" text NOT NULL,
	"website_id" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_pending_job_website_id_pk" PRIMARY KEY("job","website_id")
);
--> statement-breakpoint
CREATE TABLE "security_watermarks" (
	"job" text PRIMARY KEY NOT NULL,
	"generation" integer NOT NULL,
	"quiet" boolean DEFAULT false NOT NULL,
	"dismissals_at" timestamp with time zone
);
--> statement-breakpoint
-- Queues websites for the security jobs named (alerts, history), each once, in order of id (two writers
-- queuing the same websites take their rows in the same order). A website already queued is written
-- again, never left as it is: while a job holds it (taken, not yet done) this waits for the job to end
-- and then queues it afresh, so a change is never taken off the queue by a job that did not see it; a
-- job meanwhile skips a row this transaction holds until it commits.
CREATE FUNCTION "security_queue"("ids" integer[], "jobs" text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "security_pending" ("job", "website_id")
  SELECT j."job", s."website_id"
  FROM (SELECT DISTINCT unnest("ids") AS "website_id") s CROSS JOIN unnest("jobs") AS j("job")
  WHERE s."website_id" IS NOT NULL
  ORDER BY s."website_id", j."job"
  ON CONFLICT ("job", "website_id") DO UPDATE SET "queued_at" = excluded."queued_at"
$$;--> statement-breakpoint
-- The websites of the rows a statement wrote (a table with website_id), for the jobs named.
CREATE FUNCTION "security_queue_changed_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "security_queue"(ARRAY(SELECT DISTINCT "website_id" FROM "changed_rows"), TG_ARGV);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- One row of website_facts whose WordPress version, or whether the site's software is known, changed.
CREATE FUNCTION "security_queue_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "security_queue"(ARRAY[NEW."website_id"], TG_ARGV);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- One website removed or put back.
CREATE FUNCTION "security_queue_website"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "security_queue"(ARRAY[NEW."id"], TG_ARGV);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Versions newly matched against the feed in force: the websites running them. Matches of a feed not
-- yet in force queue nothing (its generation queues the whole fleet when it is put in force).
CREATE FUNCTION "security_queue_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "security_queue"(ARRAY(
    SELECT s."website_id" FROM "changed_rows" m
      JOIN "vulnerability_feed" f ON f."generation" = m."generation"
      JOIN "website_software" s ON s."type" = m."type" AND s."slug" = m."slug" AND s."version" = m."version"
    UNION
    SELECT w."website_id" FROM "changed_rows" m
      JOIN "vulnerability_feed" f ON f."generation" = m."generation"
      JOIN "website_facts" w ON w."wordpress_version" = m."version"
    WHERE m."type" = 'core'
  ), TG_ARGV);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "website_software_insert_security" AFTER INSERT ON "website_software" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "security_queue_changed_rows"('alerts', 'history');--> statement-breakpoint
CREATE TRIGGER "website_software_update_security" AFTER UPDATE ON "website_software" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "security_queue_changed_rows"('alerts', 'history');--> statement-breakpoint
-- Software removed closes findings (the history); it never makes one.
CREATE TRIGGER "website_software_delete_security" AFTER DELETE ON "website_software" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "security_queue_changed_rows"('history');--> statement-breakpoint
CREATE TRIGGER "website_facts_insert_security" AFTER INSERT ON "website_facts" FOR EACH ROW WHEN (NEW."software_at" IS NOT NULL OR NEW."wordpress_version" IS NOT NULL) EXECUTE FUNCTION "security_queue_facts"('alerts', 'history');--> statement-breakpoint
CREATE TRIGGER "website_facts_update_security" AFTER UPDATE OF "wordpress_version", "software_at" ON "website_facts" FOR EACH ROW WHEN (OLD."wordpress_version" IS DISTINCT FROM NEW."wordpress_version" OR (OLD."software_at" IS NULL) <> (NEW."software_at" IS NULL)) EXECUTE FUNCTION "security_queue_facts"('alerts', 'history');--> statement-breakpoint
CREATE TRIGGER "websites_removed_security" AFTER UPDATE OF "removed" ON "websites" FOR EACH ROW WHEN (OLD."removed" IS DISTINCT FROM NEW."removed") EXECUTE FUNCTION "security_queue_website"('alerts', 'history');--> statement-breakpoint
CREATE TRIGGER "vulnerability_matches_insert_security" AFTER INSERT ON "vulnerability_matches" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "security_queue_matches"('alerts', 'history');--> statement-breakpoint
-- A dismissal changed or dropped may let a finding through to the alerts again (one that ends with
-- time is queued by the alerts job itself).
CREATE TRIGGER "security_dismissals_update_security" AFTER UPDATE ON "security_dismissals" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "security_queue_changed_rows"('alerts');--> statement-breakpoint
CREATE TRIGGER "security_dismissals_delete_security" AFTER DELETE ON "security_dismissals" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "security_queue_changed_rows"('alerts');
