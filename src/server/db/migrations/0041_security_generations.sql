-- Kept answers of the Security page (the fleet's findings and summary) move with what they read: what
-- each site runs, the matches of the feed in force, the feed's state and the dismissals. Bumped only
-- when a statement really wrote a row: an HD Snapshot sweep of an unchanged fleet writes none here.
CREATE TRIGGER "website_software_insert_generation" AFTER INSERT ON "website_software" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "website_software_update_generation" AFTER UPDATE ON "website_software" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "website_software_delete_generation" AFTER DELETE ON "website_software" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "vulnerability_matches_insert_generation" AFTER INSERT ON "vulnerability_matches" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "vulnerability_matches_delete_generation" AFTER DELETE ON "vulnerability_matches" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "vulnerability_feed_insert_generation" AFTER INSERT ON "vulnerability_feed" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "vulnerability_feed_update_generation" AFTER UPDATE ON "vulnerability_feed" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "security_dismissals_insert_generation" AFTER INSERT ON "security_dismissals" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "security_dismissals_update_generation" AFTER UPDATE ON "security_dismissals" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "security_dismissals_delete_generation" AFTER DELETE ON "security_dismissals" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();
--> statement-breakpoint
CREATE TRIGGER "vulnerabilities_insert_generation" AFTER INSERT ON "vulnerabilities" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();--> statement-breakpoint
CREATE TRIGGER "vulnerabilities_delete_generation" AFTER DELETE ON "vulnerabilities" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_generation_if_rows"();
