ALTER TABLE "audit_log" ADD COLUMN "token_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "token_name" text;