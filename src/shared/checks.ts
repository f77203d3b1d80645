import { z } from 'zod';
import { idParam } from './ids';

/** Our own uptime checks (issue 16): limits people see in the form and the API enforces. */
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

export const checkUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(L.urlLength, `URL must be at most ${L.urlLength} characters`)
  .refine((v) => URL.canParse(v), 'Enter a full address such as https://example.com')
  .refine((v) => !URL.canParse(v) || ['http:', 'https:'].includes(new URL(v).protocol), {
    message: 'Only http:// and https:// addresses can be checked',
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

/** Availability over the usual spans, measured from stored results; null where there is none. */
export const checkUptime = z.object({
  day: z.number().nullable(),
  week: z.number().nullable(),
  month: z.number().nullable(),
});
export const checkDetail = z.object({ data: check, uptime: checkUptime });

export const checkResultsQuery = z.strictObject({
  from: z.iso.datetime({ offset: true, error: 'from must be a date and time (ISO 8601)' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be a date and time (ISO 8601)' }).optional(),
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
  skipped: z.number().int(),
});

export const checkIdParams = z.object({ id: idParam });
/** GET /api/checks: every check, or those of one website. */
export const checksQuery = z.strictObject({
  websiteId: z.coerce.number({ error: 'websiteId must be a number' }).int().positive().optional(),
});
