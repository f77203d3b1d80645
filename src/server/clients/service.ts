import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Client, ClientInput, ClientPage, clientListQuery } from '../../shared/clients';
import { pageOf, parseSort } from '../../shared/lists';
import type { Tag } from '../../shared/tags';
import { type Actor, recordActivity } from '../activity/service';
import type { Db } from '../db/client';
import { type ClientRow, clients, clientTags } from '../db/schema';
import { notFound } from '../http/errors';
import { keptAnswer, type Reads } from '../lists/kept';
import { likePattern } from '../lists/sql';
import { type TaggableResource, taggableResources, tagsByResource } from '../tags/resources';

const clientsResource = taggableResources.find((r) => r.type === 'clients') as TaggableResource;

/** What the clients lists read: answers are kept while none of it changes (lists/kept). */
const clientReads = { tables: ['clients', 'client_tags', 'tags'] } satisfies Reads;

/** All clients by name, each with its tags (the spec's whole list), kept like the pages. */
export function listClients(db: Db): Promise<Client[]> {
  return keptAnswer(db, clientReads, 'clients all', () => readClients(db));
}

async function readClients(db: Db): Promise<Client[]> {
  const rows = await db
    .select()
    .from(clients)
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id));
  const tagsOf = await tagsByResource(
    db,
    clientsResource,
    rows.map((c) => c.id),
  );
  return rows.map((row) => toClient(row, tagsOf.get(row.id) ?? []));
}

export async function getClient(db: Db, id: number): Promise<Client> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  if (!row) throw notFound('Client not found');
  const tagsOf = await tagsByResource(db, clientsResource, [id]);
  return toClient(row, tagsOf.get(id) ?? []);
}

export async function createClient(db: Db, input: ClientInput, actor?: Actor): Promise<Client> {
  const [row] = await db.insert(clients).values(input).returning();
  await recordActivity(db, actor, {
    type: 'success',
    action: 'client.created',
    message: `added client ${row!.name}`,
    link: `/clients/${row!.id}`,
    clientId: row!.id,
  });
  return toClient(row!, []);
}

/** Replaces every field (the form always sends them all), keeping the client's tags. */
export async function updateClient(db: Db, id: number, input: ClientInput, actor?: Actor): Promise<Client> {
  const [row] = await db
    .update(clients)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(clients.id, id))
    .returning();
  if (!row) throw notFound('Client not found');
  await recordActivity(db, actor, {
    type: 'info',
    action: 'client.updated',
    message: `updated client ${row.name}`,
    link: `/clients/${row.id}`,
    clientId: row.id,
  });
  const tagsOf = await tagsByResource(db, clientsResource, [id]);
  return toClient(row, tagsOf.get(id) ?? []);
}

/** Deletes a client; its tag assignments go with it through the foreign key's cascade. */
export async function deleteClient(db: Db, id: number, actor?: Actor): Promise<void> {
  const deleted = await db.delete(clients).where(eq(clients.id, id)).returning({ name: clients.name });
  if (deleted.length === 0) throw notFound('Client not found');
  await recordActivity(db, actor, {
    type: 'warning',
    action: 'client.deleted',
    message: `deleted client ${deleted[0]!.name}`,
    link: '/clients',
  });
}

function toClient(row: ClientRow, tags: Tag[]): Client {
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
  };
}

/** A client whose name, email or company holds the LIKE pattern (lower-cased): trigram indexes. */
export const clientTextMatch = (like: string) =>
  or(
    sql`lower(${clients.name}) like ${like}`,
    sql`lower(${clients.email}) like ${like}`,
    sql`lower(${clients.company}) like ${like}`,
  ) as SQL;

/** One page of clients, kept while the clients and their tags are unchanged (lists/kept). */
export function listClientPage(db: Db, query: z.output<typeof clientListQuery>): Promise<ClientPage> {
  return keptAnswer(db, clientReads, `clients ${JSON.stringify(query)}`, () => readClientPage(db, query));
}

/** One page of clients, filtered, sorted and counted in SQL; tags for the page's rows only. */
async function readClientPage(db: Db, query: z.output<typeof clientListQuery>): Promise<ClientPage> {
  const { page, pageSize, offset } = pageOf(query);
  const sort = parseSort(query.sort ?? 'name');
  const like = query.q ? likePattern(query.q) : null;
  const filters = [
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
  const cond = filters.length ? and(...filters) : undefined;
  const [[matching], [all], found] = await Promise.all([
    db.select({ n: count() }).from(clients).where(cond),
    db.select({ n: count() }).from(clients),
    db
      .select()
      .from(clients)
      .where(cond)
      .orderBy(dir(first), dir(sql`lower(${clients.name})`), asc(clients.id))
      .limit(pageSize)
      .offset(offset),
  ]);
  const tagsOf = await tagsByResource(
    db,
    clientsResource,
    found.map((c) => c.id),
  );
  return {
    data: found.map((row) => toClient(row, tagsOf.get(row.id) ?? [])),
    total: Number(matching?.n ?? 0),
    overall: Number(all?.n ?? 0),
    page,
    pageSize,
  };
}
