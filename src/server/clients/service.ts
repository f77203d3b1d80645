import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Client, ClientInput, ClientPage, clientListQuery } from '../../shared/clients';
import { pageOf, parseSort } from '../../shared/lists';
import type { Tag } from '../../shared/tags';
import { recordActivity } from '../activity';
import { keptAnswer, type Reads } from '../core/cache/kept';
import { type Context, withTransaction } from '../core/context';
import { AppError, notFound } from '../core/errors';
import {
  assertClientInScope,
  clientInScope,
  isScoped,
  SCOPED_CANNOT_ADD_CLIENTS,
  type ScopeContext,
  scopeKey,
} from '../core/scope';
import { likePattern } from '../core/sql';
import type { Db } from '../db/client';
import { type ClientRow, clients, clientTags, websiteHealth, websites } from '../db/schema';
import { type TaggableResource, taggableResources, tagsByResource } from '../tags';

const clientsResource = taggableResources.find((r) => r.type === 'clients') as TaggableResource;

/** What the clients lists read: answers are kept while none of it changes (the answer cache). */
const clientReads = {
  tables: ['clients', 'client_tags', 'tags', 'websites', 'website_health'],
} satisfies Reads;

/** How many websites (not removed) each client has, and how many of them are down (their health). */
async function websiteCounts(db: Db, clientIds: number[]): Promise<Map<number, Client['websites']>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({
      clientId: websites.clientId,
      total: count(),
      down: sql<number>`count(*) filter (where ${websiteHealth.state} = 'down')`,
    })
    .from(websites)
    .leftJoin(websiteHealth, eq(websiteHealth.websiteId, websites.id))
    .where(and(inArray(websites.clientId, clientIds), eq(websites.removed, false)))
    .groupBy(websites.clientId);
  return new Map(rows.map((r) => [r.clientId!, { total: Number(r.total), down: Number(r.down) }]));
}

/** All clients by name, each with its tags (the unpaged whole list), kept like the pages. */
export function listClients(ctx: Pick<Context, 'db' | 'actor'>): Promise<Client[]> {
  const { db } = ctx;
  return keptAnswer(db, clientReads, `clients all ${scopeKey(ctx)}`, () => readClients(db, inScope(ctx)));
}

/** A person limited to chosen clients sees only those. */
const inScope = (ctx: ScopeContext) => clientInScope(ctx, sql`${clients.id}`);

async function readClients(db: Db, scope: SQL): Promise<Client[]> {
  const rows = await db
    .select()
    .from(clients)
    .where(scope)
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id));
  const ids = rows.map((c) => c.id);
  const [tagsOf, counts] = await Promise.all([
    tagsByResource({ db }, clientsResource, ids),
    websiteCounts(db, ids),
  ]);
  return rows.map((row) => toClient(row, tagsOf.get(row.id) ?? [], counts.get(row.id)));
}

export async function getClient(ctx: Pick<Context, 'db' | 'actor'>, id: number): Promise<Client> {
  const { db } = ctx;
  assertClientInScope(ctx, id);
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  if (!row) throw notFound('Client not found');
  const tagsOf = await tagsByResource({ db }, clientsResource, [id]);
  return toClient(row, tagsOf.get(id) ?? [], (await websiteCounts(db, [id])).get(id));
}

export async function createClient(ctx: WriteContext, input: ClientInput): Promise<Client> {
  if (isScoped(ctx)) throw new AppError(403, 'forbidden', SCOPED_CANNOT_ADD_CLIENTS);
  return withTransaction(ctx, async (tx) => {
    const db = tx.db;
    const now = tx.clock.now();
    const [row] = await db
      .insert(clients)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    await recordActivity(tx, {
      type: 'success',
      action: 'client.created',
      message: `added client ${row!.name}`,
      link: `/clients/${row!.id}`,
      clientId: row!.id,
    });
    return toClient(row!, []);
  });
}

/** Replaces every field (the form always sends them all), keeping the client's tags. */
export async function updateClient(ctx: WriteContext, id: number, input: ClientInput): Promise<Client> {
  assertClientInScope(ctx, id);
  return withTransaction(ctx, async (tx) => {
    const db = tx.db;
    const [row] = await db
      .update(clients)
      .set({ ...input, updatedAt: tx.clock.now() })
      .where(eq(clients.id, id))
      .returning();
    if (!row) throw notFound('Client not found');
    await recordActivity(tx, {
      type: 'info',
      action: 'client.updated',
      message: `updated client ${row.name}`,
      link: `/clients/${row.id}`,
      clientId: row.id,
    });
    const tagsOf = await tagsByResource({ db }, clientsResource, [id]);
    return toClient(row, tagsOf.get(id) ?? [], (await websiteCounts(db, [id])).get(id));
  });
}

/** Deletes a client; its tag assignments go with it through the foreign key's cascade. */
export async function deleteClient(ctx: WriteContext, id: number): Promise<void> {
  assertClientInScope(ctx, id);
  return withTransaction(ctx, async (tx) => {
    const db = tx.db;
    const deleted = await db.delete(clients).where(eq(clients.id, id)).returning({ name: clients.name });
    if (deleted.length === 0) throw notFound('Client not found');
    await recordActivity(tx, {
      type: 'warning',
      action: 'client.deleted',
      message: `deleted client ${deleted[0]!.name}`,
      link: '/clients',
    });
  });
}

function toClient(row: ClientRow, tags: Tag[], counts: Client['websites'] = { total: 0, down: 0 }): Client {
  return {
    id: row.id,
    name: row.name,
    jobTitle: row.jobTitle,
    company: row.company,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tags,
    websites: counts,
  };
}

/** A client whose name, email or company holds the LIKE pattern (lower-cased): trigram indexes. */
export const clientTextMatch = (like: string) =>
  or(
    sql`lower(${clients.name}) like ${like}`,
    sql`lower(${clients.email}) like ${like}`,
    sql`lower(${clients.company}) like ${like}`,
  ) as SQL;

/** One page of clients, kept while the clients and their tags are unchanged (the answer cache). */
export function listClientPage(
  ctx: Pick<Context, 'db' | 'actor'>,
  query: z.output<typeof clientListQuery>,
): Promise<ClientPage> {
  const { db } = ctx;
  return keptAnswer(db, clientReads, `clients ${JSON.stringify(query)} ${scopeKey(ctx)}`, () =>
    readClientPage(db, query, inScope(ctx)),
  );
}

/** One page of clients, filtered, sorted and counted in SQL; tags for the page's rows only. */
async function readClientPage(
  db: Db,
  query: z.output<typeof clientListQuery>,
  scope: SQL,
): Promise<ClientPage> {
  const { page, pageSize, offset } = pageOf(query);
  const sort = parseSort(query.sort ?? 'name');
  const like = query.q ? likePattern(query.q) : null;
  const filters = [
    scope,
    like ? clientTextMatch(like) : undefined,
    query.status ? eq(clients.status, query.status) : undefined,
    query.tagId
      ? inArray(
          clients.id,
          db.select({ id: clientTags.clientId }).from(clientTags).where(eq(clientTags.tagId, query.tagId)),
        )
      : undefined,
  ].filter((f): f is SQL => Boolean(f));
  const dir = sort.desc ? desc : asc;
  const first =
    sort.field === 'company'
      ? sql`lower(coalesce(${clients.company}, ''))`
      : sort.field === 'status'
        ? sql`${clients.status}`
        : sort.field === 'createdAt'
          ? sql`${clients.createdAt}`
          : sql`lower(${clients.name})`;
  // Sorted by company, the clients without one come after those with one, in either direction.
  const noCompanyLast = sort.field === 'company' ? [asc(sql`coalesce(${clients.company}, '') = ''`)] : [];
  const cond = filters.length ? and(...filters) : undefined;
  const [[matching], [all], found] = await Promise.all([
    db.select({ n: count() }).from(clients).where(cond),
    db.select({ n: count() }).from(clients).where(scope),
    db
      .select()
      .from(clients)
      .where(cond)
      .orderBy(...noCompanyLast, dir(first), dir(sql`lower(${clients.name})`), asc(clients.id))
      .limit(pageSize)
      .offset(offset),
  ]);
  const ids = found.map((c) => c.id);
  const [tagsOf, counts] = await Promise.all([
    tagsByResource({ db }, clientsResource, ids),
    websiteCounts(db, ids),
  ]);
  return {
    data: found.map((row) => toClient(row, tagsOf.get(row.id) ?? [], counts.get(row.id))),
    total: Number(matching?.n ?? 0),
    overall: Number(all?.n ?? 0),
    page,
    pageSize,
  };
}

/** What a write needs: its transaction, the clock and who acts. */
type WriteContext = Pick<Context, 'db' | 'clock' | 'actor'>;
