CREATE TABLE "login_attempts" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX "login_attempts_expire_idx" ON "login_attempts" USING btree ("expire");