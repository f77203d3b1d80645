ALTER TABLE "agency_settings" ADD COLUMN "security_alert_mode" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD COLUMN "digest_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "security_alerts_digest_due_idx" ON "security_alerts" USING btree ("website_id") WHERE "security_alerts"."digest_due";--> statement-breakpoint
ALTER TABLE "agency_settings" ADD CONSTRAINT "agency_settings_security_alert_mode" CHECK ("agency_settings"."security_alert_mode" in ('immediate', 'digest'));