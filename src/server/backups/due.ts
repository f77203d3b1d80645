import { sql } from 'drizzle-orm';
import { rows } from '../core/sql';
import type { Db } from '../db/client';

/**
 * A host's websites whose backups are due a read: never read, or last read (well or not) before
 * `before`; the stalest first, so a fleet larger than one round is read in turn.
 */
export async function websitesDueBackupRead(
  db: Db,
  host: string,
  before: Date,
  limit: number,
): Promise<{ websiteId: number; providerSiteId: string }[]> {
  const found = await rows<{ id: number; provider_site_id: string }>(
    db,
    sql`select w.id, w.provider_site_id from websites w
      left join website_backup_status b on b.website_id = w.id
      where w.integration_provider = ${host} and not w.removed and w.provider_site_id is not null
        and (greatest(b.read_at, b.error_at) is null
          or greatest(b.read_at, b.error_at) < ${before.toISOString()}::timestamptz)
      order by greatest(b.read_at, b.error_at) nulls first, w.id
      limit ${limit}`,
  );
  return found.map((r) => ({ websiteId: Number(r.id), providerSiteId: String(r.provider_site_id) }));
}
