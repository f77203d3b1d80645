-- Whether Agency Hub may update plugins, themes and WordPress through a host: off until an Admin allows it.
ALTER TABLE "integrations" ADD COLUMN "allow_updates" boolean DEFAULT false NOT NULL;