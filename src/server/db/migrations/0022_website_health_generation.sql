-- Kept list answers that read the websites' health (a health filter, a sort by health) move with it. The
-- minute's refresh and each check's run write only the health that changed, often nothing: the
-- generation moves only when a statement really wrote a row, not on every statement as for other tables.
CREATE FUNCTION "bump_generation_if_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed_rows") THEN
    INSERT INTO "table_generations" ("name", "generation") VALUES (TG_TABLE_NAME, 1)
    ON CONFLICT ("name") DO UPDATE SET "generation" = "table_generations"."generation" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "website_health_insert_generation" AFTER INSERT ON "website_health" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "website_health_update_generation" AFTER UPDATE ON "website_health" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "website_health_delete_generation" AFTER DELETE ON "website_health" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();
