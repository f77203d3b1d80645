import { count, eq, sql } from 'drizzle-orm';
import { ROLE_LABELS, type Role, roleAtLeast, SCOPABLE_ROLES } from '../../shared/auth';
import type { TeamUser } from '../../shared/users';
import { recordActivity } from '../activity';
import { type Context, withTransaction } from '../core/context';
import { AppError, badRequest, conflict, notFound } from '../core/errors';
import { hashPassword } from '../core/passwords';
import { users } from '../db/schema';
import { checkedScope, scopeWords } from './scope';

export type NewUser = {
  username: string;
  email: string;
  password: string;
  role?: Role;
  /** The clients they are limited to; absent, null or empty: every client. */
  clientIds?: number[] | null;
};

const sessionColumns = { id: users.id, username: users.username, email: users.email, role: users.role };
/** What the Team page shows of a person (never a secret): who, their role, whether they use 2FA. */
const publicColumns = {
  ...sessionColumns,
  twoFactor: sql<boolean>`(${users.totpSecret} is not null)`,
  lastSignInAt: users.lastSignInAt,
  clientIds: users.clientIds,
};
const teamUserOf = ({
  lastSignInAt,
  ...row
}: { lastSignInAt: Date | null } & Omit<TeamUser, 'lastSignInAt'>): TeamUser => ({
  ...row,
  lastSignInAt: lastSignInAt?.toISOString() ?? null,
});

export async function countUsers(ctx: Pick<Context, 'db'>): Promise<number> {
  const { db } = ctx;
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function listUsers(ctx: Pick<Context, 'db'>): Promise<TeamUser[]> {
  const { db } = ctx;
  return (await db.select(publicColumns).from(users).orderBy(users.id)).map(teamUserOf);
}

export async function getUser(ctx: Pick<Context, 'db'>, id: number): Promise<TeamUser> {
  const [row] = await ctx.db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('User not found');
  return teamUserOf(row);
}

export async function findUserByUsername(ctx: Pick<Context, 'db'>, username: string) {
  const { db } = ctx;
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserByEmail(ctx: Pick<Context, 'db'>, email: string) {
  const { db } = ctx;
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** Creates a user; a taken username or email is a 409 that names the clash. */
export async function createUser(ctx: UserContext, input: NewUser): Promise<TeamUser> {
  const role = input.role ?? 'staff';
  if (ctx.actor) mayGrant(ctx.actor, role);
  const clientIds = await checkedScope(ctx, role, input.clientIds);
  await assertAvailable(ctx, input);
  const passwordHash = await hashPassword(input.password);
  return insertUser(ctx, { username: input.username, email: input.email, passwordHash, role, clientIds });
}

/** A person whose role and client limit were checked, with their password hashed beforehand. */
export type CheckedNewUser = {
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  clientIds: number[] | null;
  /** Set when the person is signed in as their account is made (accepting an invitation). */
  lastSignInAt?: Date;
};

/**
 * Inserts a person and the activity entry, in one transaction (the caller's, when it runs in one):
 * "added team member …" by the actor, or, with `invitedBy`, "… joined the team", by the new person. A
 * taken username or email is the same 409 as createUser's, also when a concurrent request took it.
 */
export async function insertUser(
  ctx: UserContext,
  input: CheckedNewUser,
  invitedBy?: string,
): Promise<TeamUser> {
  const { role, clientIds } = input;
  const limit = clientIds ? ` for ${scopeWords(clientIds)}` : '';
  try {
    return await withTransaction(ctx, async (tx) => {
      await assertAvailable(tx, input);
      const now = tx.clock.now();
      const [row] = await tx.db
        .insert(users)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning(publicColumns);
      const user = teamUserOf(row!);
      await recordActivity(
        invitedBy ? { ...tx, actor: { id: user.id, username: user.username } } : tx,
        invitedBy
          ? {
              type: 'success',
              action: 'user.joined',
              message: `joined the team as ${ROLE_LABELS[role]}${limit}, invited by ${invitedBy}`,
              link: '/team',
            }
          : {
              type: 'success',
              action: 'user.created',
              message: `added team member ${user.username} as ${ROLE_LABELS[role]}${limit}`,
              link: '/team',
            },
      );
      return user;
    });
  } catch (err) {
    // Two requests raced past the check: the unique index decides, with the same answer.
    if (isUniqueViolation(err)) {
      await assertAvailable(ctx, input);
    }
    throw err;
  }
}

type UserContext = Pick<Context, 'db' | 'clock' | 'actor'>;

/** A 409 naming the clash when another account (not `selfId`) has this username or email. */
export async function assertAvailable(
  ctx: Pick<Context, 'db'>,
  input: Pick<NewUser, 'username' | 'email'>,
  selfId?: number,
): Promise<void> {
  const { db } = ctx;
  const byName = await findUserByUsername({ db }, input.username);
  if (byName && byName.id !== selfId) {
    throw conflict(`The username "${input.username}" is already taken`, {
      username: ['This username is already taken'],
    });
  }
  const byEmail = await findUserByEmail({ db }, input.email);
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

/**
 * Stores a password hashed beforehand (hashPassword): hashing takes a tenth of a second, which must not
 * happen while a transaction holds the database.
 */
export async function setPasswordHash(ctx: UserContext, userId: number, passwordHash: string): Promise<void> {
  await ctx.db.update(users).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(users.id, userId));
}

/**
 * Removes a colleague. Their sessions, reset links and notifications go with the row (foreign-key
 * cascade), so they are signed out everywhere at once; tasks assigned to them become unassigned.
 */
export async function removeUser(ctx: UserContext, id: number): Promise<void> {
  if (id === ctx.actor?.id) throw badRequest('You cannot remove your own account. Ask a colleague to do it.');
  await withTransaction(ctx, async (tx) => {
    const target = await roleOf(tx, id);
    if (target === 'owner' && ctx.actor) mayGrant(ctx.actor, 'owner');
    const deleted = await tx.db.delete(users).where(eq(users.id, id)).returning({ username: users.username });
    if (deleted.length === 0) throw notFound('User not found');
    await recordActivity(tx, {
      type: 'warning',
      action: 'user.removed',
      message: `removed team member ${deleted[0]!.username}`,
      link: '/team',
    });
  });
}

const forbidden = (message: string) => new AppError(403, 'forbidden', message);

/** Only an Owner makes or unmakes an Owner; anyone else may grant at most their own role. */
export function mayGrant(actor: NonNullable<UserContext['actor']>, role: Role): void {
  const own = actor.role ?? 'viewer';
  if (role === 'owner' && own !== 'owner')
    throw forbidden('Only an Owner can make someone an Owner or change an Owner.');
  if (!roleAtLeast(own, role))
    throw forbidden(
      `You cannot give the ${ROLE_LABELS[role]} role: it is above yours (${ROLE_LABELS[own]}).`,
    );
}

async function roleOf(ctx: Pick<Context, 'db'>, id: number): Promise<Role> {
  const [row] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('User not found');
  return row.role;
}

/**
 * Changes a colleague's role. Only an Owner grants or takes away ownership (an Owner hands it over by
 * making someone else Owner, then stepping down); the agency always keeps at least one Owner; nobody
 * changes their own role otherwise.
 */
export async function changeRole(ctx: UserContext, id: number, role: Role): Promise<TeamUser> {
  return withTransaction(ctx, async (tx) => {
    const before = await roleOf(tx, id);
    if (ctx.actor) {
      if (id === ctx.actor.id && before !== 'owner')
        throw forbidden('You cannot change your own role. Ask an Admin or the Owner.');
      if (before === 'owner' || role === 'owner') mayGrant(ctx.actor, 'owner');
      else mayGrant(ctx.actor, role);
    }
    if (before === 'owner' && role !== 'owner') {
      // Locks the owners' rows, so two Owners stepping down at once cannot leave the agency with none.
      const owners = await tx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'owner'))
        .for('update');
      if (owners.length <= 1)
        throw forbidden('The agency needs an Owner: make someone else Owner before changing this role.');
    }
    const [row] = await tx.db
      .update(users)
      .set({ role, updatedAt: tx.clock.now() })
      .where(eq(users.id, id))
      .returning(publicColumns);
    if (before !== role)
      await recordActivity(tx, {
        type: 'info',
        action: 'user.role_changed',
        message: `made ${row!.username} ${ROLE_LABELS[role]} (was ${ROLE_LABELS[before]})`,
        link: '/team',
      });
    return teamUserOf(row!);
  });
}

/**
 * Changes a colleague's role, the clients they are limited to, or both, in one transaction: a role
 * that cannot be limited (Admin, Owner) drops the limit.
 */
export async function updateUser(
  ctx: UserContext,
  id: number,
  patch: { role?: Role; clientIds?: number[] | null },
): Promise<TeamUser> {
  return withTransaction(ctx, async (tx) => {
    if (patch.role) await changeRole(tx, id, patch.role);
    if (patch.clientIds === undefined) {
      if (patch.role && !SCOPABLE_ROLES.includes(patch.role)) await setScope(tx, id, null);
      return getUser(tx, id);
    }
    const role = patch.role ?? (await roleOf(tx, id));
    await setScope(tx, id, await checkedScope(tx, role, patch.clientIds));
    return getUser(tx, id);
  });
}

async function setScope(ctx: UserContext, id: number, clientIds: number[] | null): Promise<void> {
  const [before] = await ctx.db.select({ ids: users.clientIds }).from(users).where(eq(users.id, id));
  if (!before) throw notFound('User not found');
  if (sameScope(before.ids, clientIds)) return;
  const [row] = await ctx.db
    .update(users)
    .set({ clientIds, updatedAt: ctx.clock.now() })
    .where(eq(users.id, id))
    .returning({ username: users.username });
  await recordActivity(ctx, {
    type: 'info',
    action: 'user.scope_changed',
    message: clientIds
      ? `limited ${row!.username} to ${scopeWords(clientIds)}`
      : `gave ${row!.username} every client`,
    link: '/team',
  });
}

const sameScope = (a: number[] | null, b: number[] | null) =>
  (a ?? []).slice().sort().join(',') === (b ?? []).slice().sort().join(',');
