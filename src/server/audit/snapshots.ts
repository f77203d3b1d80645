import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  alertChannels,
  apiTokens,
  checks,
  clients,
  integrations,
  invitations,
  maintenanceWindows,
  tags,
  tasks,
  users,
  websites,
} from '../db/schema';
import { canonicalJson } from './chain';
import { redact } from './redact';

/** The tables an entry's target names (its target type) whose row is read before and after a change. */
const BY_ID = {
  'alerts.channels': alertChannels,
  checks,
  clients,
  invitations,
  maintenance: maintenanceWindows,
  tags,
  tasks,
  tokens: apiTokens,
  users,
  websites,
} as const;

export type Row = Record<string, unknown>;

/**
 * The target's row as it stands, read in the change's transaction: undefined when the target is not a
 * row we read (an action on something else), null when there is no such row (not yet created, or gone).
 */
export async function readTarget(
  db: Db,
  targetType: string,
  targetId: string | null,
): Promise<Row | null | undefined> {
  if (targetType.startsWith('integrations.')) {
    const provider = targetType.slice('integrations.'.length);
    const [row] = await db.select().from(integrations).where(eq(integrations.provider, provider));
    return row ?? null;
  }
  const table = BY_ID[targetType as keyof typeof BY_ID];
  const id = Number(targetId);
  if (!table || targetId === null || !Number.isSafeInteger(id)) return undefined;
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return (row as Row | undefined) ?? null;
}

/** Bookkeeping every row has: not what a person changed. */
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt']);

export type Change = { before?: unknown; after?: unknown };

const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** A value as the log keeps it: dates as ISO text, secrets "[redacted]", long text by its length. */
const kept = (key: string, value: unknown, extra: readonly string[]): unknown =>
  (redact({ [key]: plain(value) }, extra) as Row)[key];

const isEmpty = (value: unknown) => value === null || value === undefined;

/**
 * What an entry says changed, field by field (`{ before, after }`):
 *
 * - When the target's row could be read before and after the change, the fields whose values differ:
 *   both values on an update, the new values on a create (empty ones left out), the removed values on
 *   a delete. A field sent that the row already held is not a change and is left out.
 * - What the request sent that is not a field of the row (a tag given to a client, a password that is
 *   stored only as its hash), and every field sent when no row could be read, as `{ after }`: what was
 *   asked, the value before not being ours to know.
 * - The route's other id parameters (`tagId`), as `{ after }`.
 *
 * Secret fields read "[redacted]" on both sides; null when nothing is left to say.
 */
export function changesOf(input: {
  before: Row | null | undefined;
  after: Row | null | undefined;
  sent: Row;
  ids: Row;
  redactKeys?: readonly string[];
}): Record<string, Change> | null {
  const { before, after, sent, ids } = input;
  const extra = input.redactKeys ?? [];
  const out: Record<string, Change> = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (BOOKKEEPING.has(field)) continue;
    const was = before ? before[field] : undefined;
    const is = after ? after[field] : undefined;
    if (canonicalJson(plain(was)) === canonicalJson(plain(is))) continue;
    // A secret that changed says so, both values reading "[redacted]".
    const change: Change = {};
    if (before && !(after === null && isEmpty(was))) change.before = kept(field, was, extra);
    if (after && !(before === null && isEmpty(is))) change.after = kept(field, is, extra);
    if ('before' in change || 'after' in change) out[field] = change;
  }
  for (const [field, value] of Object.entries({ ...sent, ...ids }))
    if (!fields.has(field)) out[field] = { after: kept(field, value, extra) };
  return Object.keys(out).length ? out : null;
}
