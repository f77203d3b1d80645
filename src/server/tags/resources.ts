import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tag } from '../../shared/tags';
import { recordActivity } from '../activity';
import { type Context, withTransaction } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { clientInScope, isScoped } from '../core/scope';
import type { Db } from '../db/client';
import { clients, clientTags, tags, websites, websiteTags } from '../db/schema';

/**
 * Something tags attach to. The routes /api/{type}/{id}/tags are written once for all of them
 * (tags/routes.ts); a new taggable resource (websites) is one more entry in `taggableResources`.
 */
export type TaggableResource = {
  /** The URL segment: /api/{type}/{id}/tags. */
  type: string;
  /** How the activity log names one ("client Acme"), and where it links. */
  label: string;
  nameColumn: PgColumn;
  link: (id: number) => string;
  /** What its activity entries are about, so its page lists them. */
  about: (id: number) => { clientId?: number; websiteId?: number };
  notFoundMessage: string;
  idColumn: PgColumn;
  /** The client it belongs to: a person limited to chosen clients tags only theirs. */
  clientColumn: PgColumn;
  /** The resource's join table (`client_tags`) and its two columns. */
  joinTable: PgTable;
  resourceIdColumn: PgColumn;
  tagIdColumn: PgColumn;
};

export const taggableResources: TaggableResource[] = [
  {
    type: 'clients',
    label: 'client',
    nameColumn: clients.name,
    link: (id) => `/clients/${id}`,
    about: (id) => ({ clientId: id }),
    notFoundMessage: 'Client not found',
    idColumn: clients.id,
    clientColumn: clients.id,
    joinTable: clientTags,
    resourceIdColumn: clientTags.clientId,
    tagIdColumn: clientTags.tagId,
  },
  {
    type: 'websites',
    label: 'website',
    nameColumn: websites.name,
    link: (id) => `/websites/internal/${id}`,
    about: (id) => ({ websiteId: id }),
    notFoundMessage: 'Website not found',
    idColumn: websites.id,
    clientColumn: websites.clientId,
    joinTable: websiteTags,
    resourceIdColumn: websiteTags.websiteId,
    tagIdColumn: websiteTags.tagId,
  },
];

const tagColumns = { id: tags.id, name: tags.name, color: tags.color };
const byName = [asc(sql`lower(${tags.name})`), asc(tags.id)];

/** The tags of many resources at once, so a list page costs one query rather than one per row. */
export async function tagsByResource(
  ctx: Pick<Context, 'db'>,
  r: TaggableResource,
  ids: number[],
): Promise<Map<number, Tag[]>> {
  const { db } = ctx;
  const result = new Map<number, Tag[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const rows = await db
    .select({ resourceId: r.resourceIdColumn, ...tagColumns })
    .from(r.joinTable)
    .innerJoin(tags, eq(r.tagIdColumn, tags.id))
    // For a whole list, reading every assignment beats a statement with thousands of parameters.
    .where(ids.length > 100 ? undefined : inArray(r.resourceIdColumn, ids))
    .orderBy(...byName);
  for (const { resourceId, ...t } of rows) result.get(resourceId as number)?.push(t);
  return result;
}

export async function listResourceTags(
  ctx: Pick<Context, 'db' | 'actor'>,
  r: TaggableResource,
  id: number,
): Promise<Tag[]> {
  const { db } = ctx;
  await assertResource(ctx, r, id);
  return (await tagsByResource({ db }, r, [id])).get(id) ?? [];
}

/**
 * Assigns a tag; assigning it again is harmless. Returns the resource's tags and whether the tag was
 * new, so the route can answer 201 or 200.
 */
export async function addResourceTag(ctx: WriteContext, r: TaggableResource, id: number, tagId: number) {
  const { db } = ctx;
  const name = await assertResource(ctx, r, id);
  const tagName = await assertTag(db, tagId);
  const values = {
    [columnKey(r.joinTable, r.resourceIdColumn)]: id,
    [columnKey(r.joinTable, r.tagIdColumn)]: tagId,
  };
  let added: boolean;
  try {
    added = await withTransaction(ctx, async (tx) => {
      const rows = await tx.db.insert(r.joinTable).values(values).onConflictDoNothing().returning();
      if (rows.length > 0) {
        await recordActivity(tx, {
          type: 'info',
          action: 'tag.assigned',
          message: `tagged ${r.label} ${name} with ${tagName}`,
          link: r.link(id),
          ...r.about(id),
        });
      }
      return rows.length > 0;
    });
  } catch (err) {
    // The resource or tag was deleted between the checks and the insert: answer as if it came first.
    if (isForeignKeyViolation(err)) {
      await assertResource(ctx, r, id);
      await assertTag(db, tagId);
    }
    throw err;
  }
  return { added, tags: (await tagsByResource({ db }, r, [id])).get(id) ?? [] };
}

/** What a write needs: its transaction, the clock and who acts. */
type WriteContext = Pick<Context, 'db' | 'clock' | 'actor'>;

/** Removes a tag from a resource; removing one that is not assigned is harmless. */
export async function removeResourceTag(
  ctx: WriteContext,
  r: TaggableResource,
  id: number,
  tagId: number,
): Promise<void> {
  const name = await assertResource(ctx, r, id);
  const tagName = await assertTag(ctx.db, tagId);
  await withTransaction(ctx, async (tx) => {
    const removed = await tx.db
      .delete(r.joinTable)
      .where(and(eq(r.resourceIdColumn, id), eq(r.tagIdColumn, tagId)))
      .returning();
    if (removed.length > 0) {
      await recordActivity(tx, {
        type: 'info',
        action: 'tag.removed',
        message: `removed tag ${tagName} from ${r.label} ${name}`,
        link: r.link(id),
        ...r.about(id),
      });
    }
  });
}

/** 404 unless the resource exists (and is the person's, when limited to chosen clients); its name. */
async function assertResource(
  ctx: Pick<Context, 'db' | 'actor'>,
  r: TaggableResource,
  id: number,
): Promise<string> {
  const [row] = await ctx.db
    .select({ name: r.nameColumn })
    .from(r.idColumn.table)
    .where(and(eq(r.idColumn, id), clientInScope(ctx, sql`${r.clientColumn}`)))
    .limit(1);
  if (!row) throw notFound(r.notFoundMessage);
  return String(row.name);
}

/** What a person limited to chosen clients is told when a tag they would change is also someone else's. */
const SCOPED_TAG_USED_BY_OTHERS =
  'Websites or clients you do not manage use this tag too, and a change to it would change it for them; ask an Admin or someone who manages them to change it, or make a tag of your own.';

/**
 * A tag is one for every client: a person limited to chosen clients may rename, recolour or delete one
 * only while no client or website outside their clients (a website of no client included) carries it,
 * else 403. Anyone not limited may always.
 */
export async function assertTagOnlyOnTheirs(
  ctx: Pick<Context, 'db' | 'actor'>,
  tagId: number,
): Promise<void> {
  if (!isScoped(ctx)) return;
  for (const r of taggableResources) {
    const [other] = await ctx.db
      .select({ id: r.resourceIdColumn })
      .from(r.joinTable)
      .innerJoin(r.idColumn.table, eq(r.idColumn, r.resourceIdColumn))
      .where(
        and(
          eq(r.tagIdColumn, tagId),
          sql`not coalesce(${clientInScope(ctx, sql`${r.clientColumn}`)}, false)`,
        ),
      )
      .limit(1);
    if (other) throw forbidden(SCOPED_TAG_USED_BY_OTHERS);
  }
}

async function assertTag(db: Db, tagId: number): Promise<string> {
  const [row] = await db.select({ name: tags.name }).from(tags).where(eq(tags.id, tagId)).limit(1);
  if (!row) throw notFound('Tag not found');
  return row.name;
}

// Drizzle's insert takes property keys, not column objects; find the key that holds the column.
function columnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`Column ${column.name} is not in the join table`);
  return entry[0];
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23503') return true;
  }
  return false;
}
