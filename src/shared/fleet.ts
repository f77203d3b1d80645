import { z } from 'zod';

const optionalId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive()
    .optional();

/** GET /api/fleet and /api/fleet/sites: the same filters as the fleet view. */
export const fleetFilters = {
  clientId: optionalId('clientId'),
  serverId: z
    .string()
    .regex(/^[0-9]{1,12}$/, 'serverId must be a number')
    .optional(),
  tagId: optionalId('tagId'),
};
export const fleetQuery = z.strictObject(fleetFilters);
export type FleetQuery = z.infer<typeof fleetQuery>;

export const fleetCounts = z.object({
  php: z.array(
    z.object({
      /** The PHP branch ("7.4"). */
      version: z.string(),
      sites: z.number().int(),
      /** When the branch's security support ends (or ended); null for a branch we do not know. */
      endOfLife: z.string().nullable(),
      pastEndOfLife: z.boolean(),
    }),
  ),
  wordpress: z.array(z.object({ version: z.string(), sites: z.number().int(), outdated: z.boolean() })),
  /** Sites whose version nobody has told us yet. */
  unknown: z.object({ php: z.number().int(), wordpress: z.number().int() }),
  sites: z.number().int(),
  references: z.object({
    wordpressLatest: z.string(),
    readOn: z.string(),
    overridden: z.boolean(),
    phpSource: z.string(),
    wordpressSource: z.string(),
  }),
});
export type FleetCounts = z.infer<typeof fleetCounts>;

export const fleetSitesQuery = z
  .strictObject({
    ...fleetFilters,
    /** A PHP branch ("7.4") or "unknown". */
    php: z
      .string()
      .regex(/^(\d+\.\d+|unknown)$/, 'php must be a branch such as 7.4, or unknown')
      .optional(),
    /** A WordPress version ("6.4.3") or "unknown". */
    wordpress: z.string().max(40, 'wordpress must be a version such as 6.4.3, or unknown').optional(),
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int()
      .min(1, 'pageSize must be between 1 and 200')
      .max(200, 'pageSize must be between 1 and 200')
      .default(50),
  })
  .refine((q) => Boolean(q.php) !== Boolean(q.wordpress), {
    message: 'Give either php or wordpress',
    path: ['php'],
  });

export const fleetSite = z.object({
  websiteId: z.number().int(),
  domain: z.string(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  serverLabel: z.string().nullable(),
  phpVersion: z.string().nullable(),
  wordpressVersion: z.string().nullable(),
});
export type FleetSite = z.infer<typeof fleetSite>;
export const fleetSitesPage = z.object({
  data: z.array(fleetSite),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /api/coverage: what is not watched, not matched, not answering or not anybody's. */
export const coverageQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 500')
    .max(500, 'limit must be between 1 and 500')
    .default(100),
});
const coverageSite = z.object({ websiteId: z.number().int(), domain: z.string() });
export const coverage = z.object({
  unmonitoredSites: z.array(coverageSite),
  unmatchedMonitors: z.array(z.object({ id: z.string(), url: z.string(), name: z.string() })),
  snapshotFailures: z.array(
    coverageSite.extend({ error: z.string().nullable(), attemptedAt: z.string().nullable() }),
  ),
  sitesWithoutClient: z.array(coverageSite),
  /** How many of each there are in all (the lists stop at `limit`). */
  totals: z.object({
    unmonitoredSites: z.number().int(),
    unmatchedMonitors: z.number().int(),
    snapshotFailures: z.number().int(),
    sitesWithoutClient: z.number().int(),
  }),
});
export type Coverage = z.infer<typeof coverage>;
