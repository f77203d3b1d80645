ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
-- Everyone there before roles could do everything: they stay Admins, and the first account is the Owner.
UPDATE "users" SET "role" = 'admin';--> statement-breakpoint
UPDATE "users" SET "role" = 'owner' WHERE "id" = (SELECT min("id") FROM "users");
