import type { Role } from '../../shared/auth';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import type { JobEngine } from './jobs/engine';

/**
 * Who is asking: a signed-in person (through a session or one of their API tokens; their role when a
 * route needs it, and the clients they are limited to: null or absent means every client), or nobody
 * for detected events and background work.
 */
export type Actor =
  | { id: number; username: string; role?: Role; tokenId?: number; clientIds?: number[] | null }
  | undefined;

/**
 * What every service is called with: the database (or the transaction it runs in), the clock (never
 * `new Date()`: tests move it), the job engine and who is acting. The process-wide services object is a
 * context; a route adds the person asking.
 */
export type Context = { db: Db; clock: Clock; jobs: JobEngine; actor?: Actor };

/**
 * Runs `work` in one transaction, with a context whose `db` is that transaction: a mutation, its
 * activity entry and the jobs it queues (sent with `{ tx: ctx.db }`) commit together or not at all.
 * Inside a transaction already, it nests (a savepoint).
 */
export function withTransaction<C extends Pick<Context, 'db'>, T>(
  ctx: C,
  work: (tx: C) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx as unknown as Db }));
}
