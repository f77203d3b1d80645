import { z } from 'zod';
import { dateTimeParam } from './dates';
import { idParam } from './ids';

/** Our own uptime checks: limits people see in the form and the API enforces. */
export const CHECK_LIMITS = {
  intervalSeconds: { min: 30, max: 86_400, default: 60 },
  timeoutSeconds: { min: 1, max: 15, default: 10 },
  confirmations: { min: 1, max: 10, default: 2 },
  keywordBytes: 1024,
  urlLength: 2048,
} as const;
export const DEFAULT_EXPECTED_STATUS = '200-399';
export const KEYWORD_MODES = ['present', 'absent'] as const;
export type KeywordMode = (typeof KEYWORD_MODES)[number];

/** What a check is now: waiting for its first result, answering, down (an incident is open), paused. */
export const CHECK_STATUSES = ['pending', 'up', 'down', 'paused'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const L = CHECK_LIMITS;

/**
 * A host as a URL carries it (lower case, international names in their xn-- form): a name of letters,
 * digits, hyphens and underscores between dots, an IPv4 address, or an IPv6 one in brackets. Anything
 * else a URL would still take (quotes, "=", parentheses) is no host a check can reach.
 */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/;
const isWeb = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

export const checkUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(L.urlLength, `URL must be at most ${L.urlLength} characters`)
  .refine((v) => URL.canParse(v), 'Enter a full address such as https://example.com')
  .refine((v) => !URL.canParse(v) || isWeb(new URL(v)), {
    message: 'Only http:// and https:// addresses can be checked',
  })
  .refine((v) => !URL.canParse(v) || !isWeb(new URL(v)) || HOST.test(new URL(v).hostname), {
    message: 'The host must be a name such as example.com or an IP address',
  });

/** "200-299,301": single statuses and ranges, 100–599. */
export const expectedStatus = z
  .string({ error: 'Expected status must be text' })
  .trim()
  .regex(
    /^\s*[1-5]\d\d(\s*-\s*[1-5]\d\d)?(\s*,\s*[1-5]\d\d(\s*-\s*[1-5]\d\d)?)*\s*$/,
    'Expected status: codes and ranges such as 200-299,301',
  );

export const checkRequest = z
  .strictObject({
    name: z
      .string({ error: 'Name must be text' })
      .trim()
      .max(200, 'Name must be at most 200 characters')
      .nullish()
      .transform((v) => v || null),
    url: checkUrl,
    intervalSeconds: whole('Interval', L.intervalSeconds.min, L.intervalSeconds.max).default(
      L.intervalSeconds.default,
    ),
    timeoutSeconds: whole('Timeout', L.timeoutSeconds.min, L.timeoutSeconds.max).default(
      L.timeoutSeconds.default,
    ),
    expectedStatus: expectedStatus.nullish().transform((v) => v || DEFAULT_EXPECTED_STATUS),
    keyword: z
      .string({ error: 'Keyword must be text' })
      .refine(
        (v) => new TextEncoder().encode(v).length <= L.keywordBytes,
        `Keyword must be at most ${L.keywordBytes} bytes`,
      )
      .nullish()
      .transform((v) => v || null),
    keywordMode: z
      .enum(KEYWORD_MODES, { error: 'Keyword mode must be present or absent' })
      .default('present'),
    confirmations: whole('Confirmations', L.confirmations.min, L.confirmations.max).default(
      L.confirmations.default,
    ),
    websiteId: z
      .number()
      .int()
      .positive('Website must be a website id')
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((c) => c.timeoutSeconds < c.intervalSeconds, {
    message: 'Timeout must be shorter than the interval',
    path: ['timeoutSeconds'],
  });
export type CheckRequest = z.input<typeof checkRequest>;
export type CheckInput = z.output<typeof checkRequest>;

export const certificateView = z.object({
  validTo: z.string(),
  issuer: z.string().nullable(),
  subject: z.string().nullable(),
  daysLeft: z.number().int(),
});
export const domainExpiryView = z.object({
  domain: z.string(),
  /** "unknown" when the registry does not say (no RDAP service, no expiration event, no answer). */
  state: z.enum(['known', 'unknown', 'pending']),
  expiresAt: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  checkedAt: z.string().nullable(),
  reason: z.string().nullable(),
});

export const check = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  intervalSeconds: z.number().int(),
  timeoutSeconds: z.number().int(),
  expectedStatus: z.string(),
  keyword: z.string().nullable(),
  keywordMode: z.enum(KEYWORD_MODES),
  confirmations: z.number().int(),
  websiteId: z.number().int().nullable(),
  websiteDomain: z.string().nullable(),
  status: z.enum(CHECK_STATUSES),
  /** A maintenance window covers it now: failures are recorded, nobody is alerted. */
  inMaintenance: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  lastResponseMs: z.number().int().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  certificate: certificateView.nullable(),
  domainExpiry: domainExpiryView.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Check = z.infer<typeof check>;
export const checkList = z.object({ data: z.array(check) });

/**
 * Availability over the usual spans, measured from stored results; null where there is none. Each
 * span's `measuredFrom` is where its measured time begins: the span's start, later when the check
 * began later (the figure then covers only that), null when nothing was measured.
 */
export const checkUptime = z.object({
  day: z.number().nullable(),
  week: z.number().nullable(),
  month: z.number().nullable(),
  measuredFrom: z.object({
    day: z.string().nullable(),
    week: z.string().nullable(),
    month: z.string().nullable(),
  }),
});
export const checkDetail = z.object({ data: check, uptime: checkUptime });
export type CheckDetail = z.infer<typeof checkDetail>;

/** GET /api/checks/{id}/results: a period of instants, each in the accepted range by `now` (the server's clock). */
export const checkResultsQueryAt = (now: () => Date) =>
  z.strictObject({
    from: dateTimeParam('from', now).optional(),
    to: dateTimeParam('to', now).optional(),
  });
export const checkResult = z.object({
  at: z.string(),
  ok: z.boolean(),
  responseMs: z.number().int().nullable(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});
export const checkResults = z.object({
  data: z.array(checkResult),
  /** Older spans come from hourly figures (raw results are kept for a week by default). */
  hourly: z.array(
    z.object({
      at: z.string(),
      samples: z.number().int(),
      failures: z.number().int(),
      avgResponseMs: z.number().int().nullable(),
    }),
  ),
});

export const createChecksForWebsitesRequest = z.strictObject({
  /** The websites to check; all websites without a check when absent. */
  websiteIds: z.array(z.number().int().positive()).max(20_000).optional(),
});
export const createChecksForWebsitesResponse = z.object({
  created: z.number().int(),
  /** Websites that have a check already. */
  skipped: z.number().int(),
  /** Websites whose domain makes no address a check may have, each with the reason. */
  refused: z.array(z.object({ websiteId: z.number().int(), domain: z.string(), reason: z.string() })),
});
export type ChecksForWebsites = z.infer<typeof createChecksForWebsitesResponse>;

export const checkIdParams = z.object({ id: idParam });
/** GET /api/checks: every check, or those of one website. */
export const checksQuery = z.strictObject({
  websiteId: z.coerce.number({ error: 'websiteId must be a number' }).int().positive().optional(),
});
