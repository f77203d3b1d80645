import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tag } from '../../shared/tags';
import { recordActivity } from '../activity';
import { type Context, withTransaction } from '../core/context';
import { conflict, notFound } from '../core/errors';
import type { Db } from '../db/client';
import { tags } from '../db/schema';
import { isUniqueViolation } from '../users';
import { assertTagOnlyOnTheirs } from './resources';

const tagColumns = { id: tags.id, name: tags.name, color: tags.color };

export async function listTags(ctx: Pick<Context, 'db'>): Promise<Tag[]> {
  const { db } = ctx;
  return db
    .select(tagColumns)
    .from(tags)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export async function createTag(ctx: WriteContext, input: { name: string; color: string }): Promise<Tag> {
  await assertNameFree(ctx.db, input.name);
  try {
    return await withTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      const [row] = await tx.db
        .insert(tags)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning(tagColumns);
      await recordActivity(tx, { type: 'info', action: 'tag.created', message: `created tag ${row!.name}` });
      return row!;
    });
  } catch (err) {
    // Two requests raced past the check: the unique index decides, with the same answer.
    if (isUniqueViolation(err)) await assertNameFree(ctx.db, input.name);
    throw err;
  }
}

export async function updateTag(
  ctx: WriteContext,
  id: number,
  input: { name: string; color?: string },
): Promise<Tag> {
  try {
    return await withTransaction(ctx, async (tx) => {
      // Locked until the change commits: nobody gives the tag to another client in between. An unknown
      // tag is a 404 even when its new name would clash.
      const [existing] = await tx.db.select({ id: tags.id }).from(tags).where(eq(tags.id, id)).for('update');
      if (!existing) throw notFound('Tag not found');
      await assertTagOnlyOnTheirs(tx, id);
      await assertNameFree(tx.db, input.name, id);
      const [row] = await tx.db
        .update(tags)
        .set({ ...input, updatedAt: tx.clock.now() })
        .where(eq(tags.id, id))
        .returning(tagColumns);
      if (!row) throw notFound('Tag not found');
      await recordActivity(tx, { type: 'info', action: 'tag.updated', message: `updated tag ${row.name}` });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) await assertNameFree(ctx.db, input.name, id);
    throw err;
  }
}

/** Deletes a tag; the foreign keys' cascade takes it off every client and website in the same statement. */
export async function deleteTag(ctx: WriteContext, id: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [existing] = await tx.db.select({ id: tags.id }).from(tags).where(eq(tags.id, id)).for('update');
    if (!existing) throw notFound('Tag not found');
    await assertTagOnlyOnTheirs(tx, id);
    const deleted = await tx.db.delete(tags).where(eq(tags.id, id)).returning({ name: tags.name });
    if (deleted.length === 0) throw notFound('Tag not found');
    await recordActivity(tx, {
      type: 'warning',
      action: 'tag.deleted',
      message: `deleted tag ${deleted[0]!.name}`,
    });
  });
}

/** What a write needs: its transaction, the clock and who acts. */
type WriteContext = Pick<Context, 'db' | 'clock' | 'actor'>;

/** Tag names are unique regardless of case; `exceptId` lets a tag keep (or re-case) its own name. */
async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const sameName = eq(sql`lower(${tags.name})`, name.toLowerCase());
  const [clash] = await db
    .select({ name: tags.name })
    .from(tags)
    .where(exceptId === undefined ? sameName : and(sameName, ne(tags.id, exceptId)))
    .limit(1);
  if (clash) {
    throw conflict(`A tag named "${clash.name}" already exists`, {
      name: ['A tag with this name already exists'],
    });
  }
}
