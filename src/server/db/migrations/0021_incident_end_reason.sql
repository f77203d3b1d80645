ALTER TABLE "incidents" ADD COLUMN "end_reason" text;--> statement-breakpoint
-- Incidents that ended before their reason was kept: those of a check paused or deleted said so in
-- their cause; the others ended when their check or monitor answered again.
UPDATE "incidents" SET "end_reason" = CASE
    WHEN "cause" LIKE '%(check paused)' THEN 'paused'
    WHEN "cause" LIKE '%(check deleted)' THEN 'check-deleted'
    ELSE 'up' END
  WHERE "ended_at" IS NOT NULL;--> statement-breakpoint
-- A server's incident whose sites have all ended ends with its last one ("up" if any came back).
UPDATE "incidents" AS s SET
    "ended_at" = c."last_ended_at",
    "end_reason" = CASE WHEN c."any_up" THEN 'up' ELSE c."last_reason" END
  FROM (
    SELECT "parent_id",
        max("ended_at") AS "last_ended_at",
        bool_or("end_reason" = 'up') AS "any_up",
        (array_agg("end_reason" ORDER BY "ended_at" DESC))[1] AS "last_reason"
      FROM "incidents"
      WHERE "parent_id" IS NOT NULL
      GROUP BY "parent_id"
      HAVING bool_and("ended_at" IS NOT NULL)
  ) AS c
  WHERE s."id" = c."parent_id" AND s."source" = 'server' AND s."ended_at" IS NULL;
