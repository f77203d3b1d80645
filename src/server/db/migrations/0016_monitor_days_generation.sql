-- The dashboard's history widgets are kept while Better Uptime's caches and these days are unchanged
-- (core/cache/kept.ts): every statement writing them bumps their generation, like the tables of 0014.
CREATE TRIGGER "monitor_days_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "monitor_days" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_generation"();
