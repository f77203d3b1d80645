-- The fleet view and the coverage check are kept per generation too (core/cache/kept.ts). A trigger may now
-- name the generation it bumps (its argument); without one it bumps its table's, as before.
CREATE OR REPLACE FUNCTION "bump_table_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "table_generations" ("name", "generation") VALUES (coalesce(TG_ARGV[0], TG_TABLE_NAME), 1)
  ON CONFLICT ("name") DO UPDATE SET "generation" = "table_generations"."generation" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "website_facts_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "website_facts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_generation"();--> statement-breakpoint
-- Which websites our checks watch, not how the checks are doing: every run updates the checks' state,
-- which would move a generation of the whole table every few seconds.
CREATE TRIGGER "check_links_generation" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "website_id" ON "checks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_generation"('check_links');
