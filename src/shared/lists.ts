import { z } from 'zod';

/**
 * The one paging contract of every list endpoint: `page` from 1, `pageSize` 1–200, a text
 * query `q`, `sort` as `field` or `-field` among the list's own fields, plus the list's filters. With
 * any of them the answer is a page `{ data, total, page, pageSize, … }`; without them the endpoint
 * answers the whole list, as it did before paging existed, so API users keep working.
 */
export const PAGE_SIZE_MAX = 200;
export const PAGE_SIZE_DEFAULT = 50;

export const pageParam = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page starts at 1')
  .max(1_000_000, 'page must be at most 1000000');

export const pageSizeParam = z.coerce
  .number({ error: 'pageSize must be a number' })
  .int('pageSize must be a whole number')
  .min(1, 'pageSize must be at least 1')
  .max(PAGE_SIZE_MAX, `pageSize must be at most ${PAGE_SIZE_MAX}`);

export const qParam = z.string().trim().max(200, 'Search must be at most 200 characters');

/** A filter holding a row id: digits only, so "abc" or "1.5" is a 400 rather than a database error. */
export const filterId = (name: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, `${name} must be a positive whole number`)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, `${name} must be a positive whole number`));

export const filterEnum = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` });

/** `sort`: one of the fields, optionally prefixed with "-" for descending. */
export function sortParam<F extends readonly [string, ...string[]]>(fields: F) {
  const allowed = fields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return z.enum(allowed, { error: `sort must be one of: ${allowed.join(', ')}` });
}

export type Sort = { field: string; desc: boolean };
export const parseSort = (sort: string): Sort => ({
  field: sort.replace(/^-/, ''),
  desc: sort.startsWith('-'),
});

/** The keys whose presence asks for a page; a list adds its own new filters to these. */
export const PAGING_KEYS = ['page', 'pageSize', 'q', 'sort'] as const;

/**
 * A list's query schema: the paging keys plus its filters (and whatever it already accepted, such as
 * `refresh`). Strict, so an unknown parameter is a 400 too.
 */
export function listQuery<F extends readonly [string, ...string[]], S extends z.ZodRawShape>(
  sorts: F,
  filters: S,
) {
  return z.strictObject({
    page: pageParam.optional(),
    pageSize: pageSizeParam.optional(),
    q: qParam.optional(),
    sort: sortParam(sorts).optional(),
    ...filters,
  });
}

/** Whether a query asks for a page (any paging key or any of the given filters is present). */
export function wantsPage(query: Record<string, unknown>, filterKeys: readonly string[]): boolean {
  return [...PAGING_KEYS, ...filterKeys].some((k) => query[k] !== undefined);
}

/** The resolved page of a query: defaults filled in. */
export function pageOf(query: { page?: number; pageSize?: number }) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export const pageMeta = {
  /** Rows matching the query and filters (the X of the count line "X of Y"). */
  total: z.number().int(),
  /** Rows in the list before any query or filter (the Y). */
  overall: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};

/** A filter menu's option: the value, what it reads, and how many rows it would show. */
export const listOption = z.object({ id: z.string(), label: z.string(), count: z.number().int() });
export type ListOption = z.infer<typeof listOption>;
