import { count, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth';
import { type Actor, recordActivity } from '../activity/service';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';

export type NewUser = { username: string; email: string; password: string };

const publicColumns = { id: users.id, username: users.username, email: users.email };

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function listUsers(db: Db): Promise<SessionUser[]> {
  return db.select(publicColumns).from(users).orderBy(users.id);
}

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** Creates a user; a taken username or email is a 409 that names the clash. */
export async function createUser(db: Db, input: NewUser, actor?: Actor): Promise<SessionUser> {
  await assertAvailable(db, input);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ username: input.username, email: input.email, passwordHash })
      .returning(publicColumns);
    await recordActivity(db, actor, {
      type: 'success',
      action: 'user.created',
      message: `added team member ${row!.username}`,
      link: '/team',
    });
    return row!;
  } catch (err) {
    // Two requests raced past the check: the unique index decides, with the same answer.
    if (isUniqueViolation(err)) {
      await assertAvailable(db, input);
    }
    throw err;
  }
}

/** A 409 naming the clash when another account (not `selfId`) has this username or email. */
export async function assertAvailable(
  db: Db,
  input: Pick<NewUser, 'username' | 'email'>,
  selfId?: number,
): Promise<void> {
  const byName = await findUserByUsername(db, input.username);
  if (byName && byName.id !== selfId) {
    throw conflict(`The username "${input.username}" is already taken`, {
      username: ['This username is already taken'],
    });
  }
  const byEmail = await findUserByEmail(db, input.email);
  if (byEmail && byEmail.id !== selfId) {
    throw conflict(`The email ${input.email} already belongs to another user`, {
      email: ['This email already belongs to another user'],
    });
  }
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export async function setPassword(db: Db, userId: number, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Removes a colleague. Their sessions, reset links and notifications go with the row (foreign-key
 * cascade), so they are signed out everywhere at once; tasks assigned to them become unassigned.
 */
export async function removeUser(db: Db, id: number, actor: SessionUser): Promise<void> {
  if (id === actor.id) throw badRequest('You cannot remove your own account. Ask a colleague to do it.');
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ username: users.username });
  if (deleted.length === 0) throw notFound('User not found');
  await recordActivity(db, actor, {
    type: 'warning',
    action: 'user.removed',
    message: `removed team member ${deleted[0]!.username}`,
    link: '/team',
  });
}
