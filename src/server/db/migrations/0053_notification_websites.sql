-- Each notification keeps the websites it is about, so a person limited to chosen clients reads only
-- the entries about their clients' websites, whenever the limit was set. Entries written before it are
-- given the websites their link names (an incident and its sites, a check's website, a website); the
-- rest stay about none, which only people who see every client read.
ALTER TABLE "notifications" ADD COLUMN "website_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "notifications" n SET "website_ids" = array(
  select i.website_id from "incidents" i
  where i.website_id is not null
    and (i.id = substring(n.link from '^/incidents\?focus=([0-9]{1,9})$')::integer
      or i.parent_id = substring(n.link from '^/incidents\?focus=([0-9]{1,9})$')::integer)
  order by i.website_id)
WHERE n.link ~ '^/incidents\?focus=[0-9]{1,9}$';--> statement-breakpoint
UPDATE "notifications" n SET "website_ids" = array[c.website_id]
FROM "checks" c
WHERE n.link ~ '^/uptime/checks/[0-9]{1,9}$'
  AND c.id = substring(n.link from '^/uptime/checks/([0-9]{1,9})$')::integer
  AND c.website_id IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" n SET "website_ids" = array[w.id]
FROM "websites" w
WHERE n.link ~ '^/websites/internal/[0-9]{1,9}$'
  AND w.id = substring(n.link from '^/websites/internal/([0-9]{1,9})$')::integer;
