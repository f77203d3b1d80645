import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tag } from '../../shared/tags';
import { type Actor, recordActivity } from '../activity/service';
import type { Db } from '../db/client';
import { tags } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { isUniqueViolation } from '../users/service';

const tagColumns = { id: tags.id, name: tags.name, color: tags.color };

export async function listTags(db: Db): Promise<Tag[]> {
  return db
    .select(tagColumns)
    .from(tags)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export async function createTag(db: Db, input: { name: string; color: string }, actor?: Actor): Promise<Tag> {
  await assertNameFree(db, input.name);
  try {
    const [row] = await db.insert(tags).values(input).returning(tagColumns);
    await recordActivity(db, actor, {
      type: 'info',
      action: 'tag.created',
      message: `created tag ${row!.name}`,
    });
    return row!;
  } catch (err) {
    // Two requests raced past the check: the unique index decides, with the same answer.
    if (isUniqueViolation(err)) await assertNameFree(db, input.name);
    throw err;
  }
}

export async function updateTag(db: Db, id: number, input: { name: string; color?: string }): Promise<Tag> {
  // An unknown tag is a 404 even when its new name would clash.
  const [existing] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, id)).limit(1);
  if (!existing) throw notFound('Tag not found');
  await assertNameFree(db, input.name, id);
  try {
    const [row] = await db
      .update(tags)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(tags.id, id))
      .returning(tagColumns);
    if (!row) throw notFound('Tag not found');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) await assertNameFree(db, input.name, id);
    throw err;
  }
}

/** Deletes a tag; the foreign keys' cascade takes it off every client and website in the same statement. */
export async function deleteTag(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
  if (deleted.length === 0) throw notFound('Tag not found');
}

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
