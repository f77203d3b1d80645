-- A website whose newest backup is too old alerts once, until a backup lands.
ALTER TABLE "website_backup_status" ADD COLUMN "overdue_alerted_at" timestamp with time zone;