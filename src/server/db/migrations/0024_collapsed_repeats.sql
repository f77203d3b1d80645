ALTER TABLE "activity" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "downs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "first_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "downs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "first_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activity_topic_idx" ON "activity" USING btree ("topic","created_at");--> statement-breakpoint
CREATE INDEX "notifications_topic_idx" ON "notifications" USING btree ("user_id","topic","created_at");