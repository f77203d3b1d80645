CREATE TABLE "table_generations" (
	"name" text PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every statement that writes one of these tables bumps its generation in the same transaction, so a
-- list answer kept at a generation is never served after a change committed (core/cache/kept.ts).
CREATE FUNCTION "bump_table_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "table_generations" ("name", "generation") VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT ("name") DO UPDATE SET "generation" = "table_generations"."generation" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "websites_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "websites" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_generation"();--> statement-breakpoint
CREATE TRIGGER "website_tags_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "website_tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_generation"();--> statement-breakpoint
CREATE TRIGGER "tags_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_generation"();--> statement-breakpoint
CREATE TRIGGER "clients_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clients" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_generation"();--> statement-breakpoint
CREATE TRIGGER "client_tags_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "client_tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_generation"();--> statement-breakpoint
CREATE TRIGGER "tasks_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tasks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_generation"();--> statement-breakpoint
CREATE TRIGGER "users_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_generation"();
