import fs from 'node:fs';
import path from 'node:path';

type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Whether the database already has every migration of this build: the newest journal entry is not
 * newer than the newest one recorded (Drizzle's own rule). Start-up then skips the migrator, whose
 * bookkeeping statements cost a few hundred milliseconds on PGlite; anything unexpected means "no".
 */
export async function migrationsApplied(query: Query, migrationsFolder: string): Promise<boolean> {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    const newest = Math.max(...(journal.entries as { when: number }[]).map((e) => e.when));
    const { rows } = await query('select max(created_at) as at from drizzle.__drizzle_migrations');
    const at = rows[0]?.at;
    return at !== null && at !== undefined && Number(at) >= newest;
  } catch {
    return false;
  }
}
