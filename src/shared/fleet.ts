import { z } from 'zod';
import { health } from './website-health';

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

/** Where a reference version comes from: a live source, the operator's setting, or the built-in table. */
export const referenceSource = z.enum([
  'wordpress.org',
  'endoflife.date',
  'operator setting',
  'built-in table',
]);
export type ReferenceSource = z.infer<typeof referenceSource>;

const reference = z.object({
  source: referenceSource,
  /** The live source this reference is read from every day, whichever source is in force. */
  liveSource: referenceSource,
  /**
   * When the source was read: the live read that gave these values, or the day the built-in table was
   * true; null for the operator's setting.
   */
  readAt: z.string().nullable(),
  /** Where a person can see the source; null for the operator's setting. */
  url: z.string().nullable(),
  /** The last live read failed, why and when; the values in force are still the last good ones. */
  error: z.object({ message: z.string(), at: z.string() }).nullable(),
});

export const fleetReferences = z.object({
  wordpress: reference.extend({
    /** The latest release: sites on an older one are behind. */
    latest: z.string(),
    /**
     * A release newer than the source knows already runs on one of the sites: that proves it exists, so
     * it counts as the latest.
     */
    seenOnSite: z.boolean(),
  }),
  php: reference.extend({
    /** Branches whose end of life the operator set (FLEET_PHP_EOL): theirs win over the source. */
    operatorBranches: z.array(z.string()),
  }),
});
export type FleetReferences = z.infer<typeof fleetReferences>;
export type FleetReference = z.infer<typeof reference>;

/** References read longer ago than this are called out on the fleet page: the live reads keep failing. */
export const REFERENCES_STALE_DAYS = 7;

/**
 * Why a reference should not be trusted blindly: it comes from the built-in table (never read from its
 * live source), or its last read is older than REFERENCES_STALE_DAYS. The operator's setting is theirs
 * to keep current.
 */
export function referenceWarning(ref: FleetReference, now: number): 'built-in' | 'stale' | null {
  if (ref.source === 'built-in table') return 'built-in';
  if (ref.readAt === null) return null;
  return now - new Date(ref.readAt).getTime() > REFERENCES_STALE_DAYS * 86_400_000 ? 'stale' : null;
}

export const fleetCounts = z.object({
  php: z.array(
    z.object({
      /** The PHP branch ("7.4"). */
      version: z.string(),
      sites: z.number().int(),
      /**
       * When the branch's security support ends (or ended); null when no day is known: a branch no
       * reference lists, or one its source only calls ended or supported.
       */
      endOfLife: z.string().nullable(),
      pastEndOfLife: z.boolean(),
      /** Where its end of life comes from; null for a branch no reference lists. */
      source: referenceSource.nullable(),
    }),
  ),
  wordpress: z.array(z.object({ version: z.string(), sites: z.number().int(), outdated: z.boolean() })),
  /** Sites whose version nobody has told us yet. */
  unknown: z.object({ php: z.number().int(), wordpress: z.number().int() }),
  sites: z.number().int(),
  /** The reference versions the counts are flagged against, each with its source and age. */
  references: fleetReferences,
});
export type FleetCounts = z.infer<typeof fleetCounts>;

/** The count a person picked in the fleet view: a PHP branch or a WordPress version, within the filters. */
const fleetPick = {
  ...fleetFilters,
  /** A PHP branch ("7.4") or "unknown". */
  php: z
    .string()
    .regex(/^(\d+\.\d+|unknown)$/, 'php must be a branch such as 7.4, or unknown')
    .optional(),
  /** A WordPress version ("6.4.3") or "unknown". */
  wordpress: z.string().max(40, 'wordpress must be a version such as 6.4.3, or unknown').optional(),
};
/** A pick names exactly one of the two: a PHP branch or a WordPress version. */
const onePick = (q: { php?: string; wordpress?: string }) => Boolean(q.php) !== Boolean(q.wordpress);
const onePickError = { message: 'Give either php or wordpress', path: ['php'] };

/** GET /api/fleet/sites: the sites behind one count, a page at a time. */
export const fleetSitesQuery = z
  .strictObject({
    ...fleetPick,
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int()
      .min(1, 'pageSize must be between 1 and 200')
      .max(200, 'pageSize must be between 1 and 200')
      .default(50),
  })
  .refine(onePick, onePickError);

/** GET /api/fleet/sites/ids: the same sites as GET /api/fleet/sites, all at once and as ids only. */
export const fleetSiteIdsQuery = z.strictObject(fleetPick).refine(onePick, onePickError);
export type FleetSiteIdsQuery = z.infer<typeof fleetSiteIdsQuery>;

export const fleetSite = z.object({
  websiteId: z.number().int(),
  domain: z.string(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  serverLabel: z.string().nullable(),
  phpVersion: z.string().nullable(),
  wordpressVersion: z.string().nullable(),
  /** Its health, as every page shows it. */
  health,
});
export type FleetSite = z.infer<typeof fleetSite>;
export const fleetSitesPage = z.object({
  data: z.array(fleetSite),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/**
 * The ids of the sites behind one count, by domain, at most as many as one update run takes
 * (MAX_RUN_SITES); `total` counts them all.
 */
export const fleetSiteIds = z.object({ ids: z.array(z.number().int()), total: z.number().int() });
export type FleetSiteIds = z.infer<typeof fleetSiteIds>;

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
