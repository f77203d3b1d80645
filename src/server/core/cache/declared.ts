import { AsyncLocalStorage } from 'node:async_hooks';
import { observeQueries } from '../../db/client';

/**
 * A check that an answer kept in the answer cache reads only what it declares. A kept answer is reused
 * while the generations of its declared caches and tables are unchanged; a table it reads without
 * declaring it could change under it, and the answer would be served stale. When the check is on
 * (tests turn it on), every statement run while an answer is computed is matched against the tables
 * its declaration allows, and what it read beyond them is recorded.
 */
type Computing = { key: string; allowed: Set<string> };

const computing = new AsyncLocalStorage<Computing>();
let tables: Set<string> | undefined;

/** Tables read by kept answers that did not declare them: the key of the answer, and the table. */
export const undeclaredReads: { key: string; table: string }[] = [];

/** Turns the check on for these tables (every table of the schema); off with undefined. */
export function checkDeclaredReads(schemaTables: string[] | undefined): void {
  tables = schemaTables ? new Set(schemaTables) : undefined;
  observeQueries(tables ? observe : undefined);
}

/** What a stamp's names allow: provider caches are provider_records (and their sync state), tables themselves. */
function allowedOf(stampNames: string[]): Set<string> {
  const allowed = new Set<string>(['table_generations']);
  for (const name of stampNames) {
    if (name.startsWith('table ')) {
      const table = name.slice('table '.length);
      // check_links is the generation of which websites the checks watch: it covers reading checks.
      allowed.add(table === 'check_links' ? 'checks' : table);
    } else {
      allowed.add('provider_records');
      allowed.add('provider_syncs');
    }
  }
  return allowed;
}

/** Runs a kept answer's computation, watching what it reads when the check is on. */
export function computeChecked<T>(stamp: string, key: string, compute: () => Promise<T>): Promise<T> {
  if (!tables) return compute();
  const names = stamp
    .split(' ')
    .filter(Boolean)
    .map((part) => part.replace(/@[^@]*$/, ''));
  // Names of tables ("table websites") hold a space: put them back together.
  const joined: string[] = [];
  for (let i = 0; i < names.length; i++) {
    if (names[i] === 'table' && names[i + 1]) joined.push(`table ${names[++i]}`);
    else joined.push(names[i]!);
  }
  return computing.run({ key, allowed: allowedOf(joined) }, compute);
}

function observe(sql: string): void {
  const now = computing.getStore();
  if (!now || !tables) return;
  for (const match of sql.toLowerCase().matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/g)) {
    const table = match[1]!;
    if (tables.has(table) && !now.allowed.has(table)) undeclaredReads.push({ key: now.key, table });
  }
}
