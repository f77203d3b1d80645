import { type SQL, sql } from 'drizzle-orm';
import type { Context } from './context';
import { notFound } from './errors';

/**
 * The one rule of what a person limited to chosen clients may see and touch: those clients, their
 * websites, and what hangs off them (checks, incidents, tasks, reports, activity). Background work and
 * people who are not limited (Admins, Owners, and Staff or Viewers given every client) see everything.
 * Outside the limit things are absent: lists, counts, search and exports leave them out, and one asked
 * for by id is "not found", never "forbidden" (which would confirm it exists).
 */
export type ScopeContext = Pick<Context, 'actor'>;

/** The client ids the person asking is limited to; null when they see every client. */
export function clientScope(ctx: ScopeContext): number[] | null {
  const ids = ctx.actor?.clientIds;
  return ids ? ids : null;
}

/** Whether the person asking is limited to chosen clients. */
export const isScoped = (ctx: ScopeContext): boolean => clientScope(ctx) !== null;

const idArray = (ids: number[]) => sql.raw(`array[${ids.map(Number).join(',') || 'null'}]::int[]`);

/** SQL: the client id in `column` is one of the person's clients (always true when not limited). */
export function clientInScope(ctx: ScopeContext, column: SQL): SQL {
  const ids = clientScope(ctx);
  return ids ? sql`(${column} = any(${idArray(ids)}))` : sql`true`;
}

/** SQL: the website id in `column` belongs to one of the person's clients (always true when not limited). */
export function websiteInScope(ctx: ScopeContext, column: SQL): SQL {
  const ids = clientScope(ctx);
  return ids
    ? sql`(${column} in (select sw.id from websites sw where sw.client_id = any(${idArray(ids)})))`
    : sql`true`;
}

/** Whether a client id (null: none) is within the person's clients; a limited person has no "none". */
export function clientAllowed(ctx: ScopeContext, clientId: number | null | undefined): boolean {
  const ids = clientScope(ctx);
  return ids === null || (clientId != null && ids.includes(clientId));
}

/** The cache key part that keeps one person's limited answer from being served to another. */
export function scopeKey(ctx: ScopeContext): string {
  const ids = clientScope(ctx);
  return ids ? `scope:${[...ids].sort((a, b) => a - b).join(',')}` : 'scope:all';
}

/** A client outside the person's clients is, to them, not there: a 404, as for one that never was. */
export function assertClientInScope(ctx: ScopeContext, clientId: number, message = 'Client not found'): void {
  if (!clientAllowed(ctx, clientId)) throw notFound(message);
}

/** What a person limited to chosen clients is told when they try to add a client. */
export const SCOPED_CANNOT_ADD_CLIENTS =
  'You work on chosen clients only, so you cannot add clients. Ask an Admin to add the client and give it to you.';

/**
 * SQL: the normalised domain in `column` is a website of one of the person's clients (a monitor watches
 * a website by its domain); always true when not limited.
 */
export function domainInScope(ctx: ScopeContext, column: SQL): SQL {
  const ids = clientScope(ctx);
  return ids
    ? sql`(${column} in (select sw.domain from websites sw where sw.client_id = any(${idArray(ids)})))`
    : sql`true`;
}

/** SQL: the server id in `column` holds a website of one of the person's clients; true when not limited. */
export function serverInScope(ctx: ScopeContext, column: SQL): SQL {
  const ids = clientScope(ctx);
  return ids
    ? sql`(${column} in (select sw.server_id from websites sw
        where sw.server_id is not null and sw.client_id = any(${idArray(ids)})))`
    : sql`true`;
}
