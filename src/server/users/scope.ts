import { inArray } from 'drizzle-orm';
import { type Role, SCOPABLE_ROLES } from '../../shared/auth';
import { CLIENT_SCOPE_ROLE_ONLY } from '../../shared/users';
import type { Context } from '../core/context';
import { badRequest } from '../core/errors';
import { clients } from '../db/schema';

/**
 * The clients a person will be limited to, checked: null (every client) for none asked, an empty list
 * or a role that cannot be limited; otherwise the distinct ids, each an existing client.
 */
export async function checkedScope(
  ctx: Pick<Context, 'db'>,
  role: Role,
  clientIds: number[] | null | undefined,
): Promise<number[] | null> {
  if (!clientIds || clientIds.length === 0) return null;
  if (!SCOPABLE_ROLES.includes(role))
    throw badRequest(CLIENT_SCOPE_ROLE_ONLY, { clientIds: [CLIENT_SCOPE_ROLE_ONLY] });
  const ids = [...new Set(clientIds)];
  const found = new Set(
    (await ctx.db.select({ id: clients.id }).from(clients).where(inArray(clients.id, ids))).map((r) => r.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const list = missing.slice(0, 5).join(', ');
    throw badRequest(`No client with id ${list}`, { clientIds: [`Unknown client id: ${list}`] });
  }
  return ids.sort((a, b) => a - b);
}

/** "2 clients", "1 client": how the activity feed words a limit. */
export const scopeWords = (ids: number[]) => `${ids.length} client${ids.length === 1 ? '' : 's'}`;
