import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const flagValue = z.enum(['true', 'false', '1', '0', '']);
const isOn = (v: string | undefined) => v === 'true' || v === '1';

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  APP_URL: optionalString.pipe(z.url().optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  SMTP_FROM: z.string().default('Agency Hub <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  SECRET_KEY: optionalString,
  REFRESH_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(15),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  PGLITE_THREAD: z.enum(['own', 'app']).default('own'),
  TRUST_PROXY: z.string().trim().default('false').transform(parseTrustProxy),
  ALLOW_PRIVATE_TARGETS: flagValue.optional(),
  /** The earlier name of ALLOW_PRIVATE_TARGETS, still read when the new one is not set. */
  CHECKS_ALLOW_PRIVATE: flagValue.optional(),
  CHECK_RESULTS_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  AUDIT_HEAD_FILE: optionalString,
  STALE_PLUGIN_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  HOST_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  UPDATE_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  UPDATE_HEALTH_SPACING_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  RDAP_BOOTSTRAP_URL: optionalString.pipe(z.url().optional()),
  WPORG_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PHP_EOL_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  WORDFENCE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FLEET_WORDPRESS_LATEST: optionalString.pipe(
    z
      .string()
      .regex(/^\d+\.\d+(\.\d+)?$/, 'must be a WordPress version such as 6.8.3')
      .optional(),
  ),
  FLEET_PHP_EOL: optionalString.pipe(
    z
      .string()
      .regex(
        /^\d+\.\d+=\d{4}-\d{2}-\d{2}(,\s*\d+\.\d+=\d{4}-\d{2}-\d{2})*$/,
        'must list PHP branches and their end of life, such as 8.1=2025-12-31,8.2=2026-12-31',
      )
      .optional(),
  ),
});

export type Config = {
  mode: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections this instance opens to PostgreSQL for requests and syncs (the job engine keeps a few more). */
  databasePoolSize: number;
  /**
   * Where the embedded database runs: on a thread of its own (always, in use), or in the thread that
   * serves HTTP (only for the benchmark that shows what the own thread changes).
   */
  pgliteThread: 'own' | 'app';
  appUrl: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** `auto`: human lines in a terminal, JSON lines otherwise. */
  logFormat: z.infer<typeof envSchema>['LOG_FORMAT'];
  /**
   * Which proxies in front of Agency Hub are believed about the client's address and protocol
   * (`X-Forwarded-For`, `X-Forwarded-Proto`): none, the nearest N hops, or the listed addresses and
   * ranges. The client is the right-most address no trusted proxy added, so a client that sends its
   * own `X-Forwarded-For` cannot choose the address it is counted under.
   */
  trustProxy: TrustProxy;
  /** Key for provider tokens at rest; without it a key file in dataDir is used. */
  secretKey: string | undefined;
  /** How often provider data is refreshed in the background; 0 turns that off. */
  refreshIntervalMinutes: number;
  /**
   * How long a page waits on a provider sync before answering without it: a refresh answers with the
   * last good data, a first sync with what is stored so far and its progress; both go on in the
   * background.
   */
  answerWithin: { refreshMs: number; firstSyncMs: number };
  /**
   * How often an operation a host runs in the background (a Kinsta backup) is asked about, and how long
   * it is followed before Agency Hub stops waiting (the host may still finish it).
   */
  hostOperations: { pollMs: number; followMs: number };
  /**
   * Updates: how often a site's versions are read again while an update is verified, how long before
   * "the version never changed", and the pause between the three health tries after it.
   */
  updates: { pollMs: number; verifyMs: number; healthSpacingMs: number };
  /**
   * Let every user-supplied address (checks, alert webhooks, provider base URLs, HD Snapshot sites)
   * reach loopback, private, link-local and metadata addresses: tests, the demo, intranets.
   */
  allowPrivateTargets: boolean;
  checks: {
    /** Days raw check results are kept (hourly and daily figures are kept a year). */
    resultsDays: number;
    /** IANA's RDAP bootstrap file (domain expiry); a local fake in tests and the demo. */
    rdapBootstrapUrl: string;
    /** How long a new incident waits for others on its server before it is announced (grouping). */
    groupWindowMs: number;
    /** Extra trusted CA certificates (PEM) for checks; operators use NODE_EXTRA_CA_CERTS, tests this. */
    extraCa?: string[];
  };
  /** Days audit log entries are kept; a daily job deletes older ones. */
  auditRetentionDays: number;
  /**
   * The file outside the database where the audit chain's newest entry (its id and hash) is kept, so
   * entries cut off the end of the log are found: AUDIT_HEAD_FILE, else audit-head.json in the data
   * folder; null keeps none (tests, which share one working folder).
   */
  auditHeadFile: string | null;
  /** A plugin wordpress.org does not list whose version has not changed for longer than this is stale. */
  stalePluginDays: number;
  /** wordpress.org's public API (the latest WordPress release); a local fake in tests and the demo. */
  wporgApiUrl: string;
  /** A list of PHP's branches and their end of life (endoflife.date's); a local fake in tests and the demo. */
  phpEolUrl: string;
  /** Wordfence Intelligence's v3 API (the vulnerability feed, with a key); a local fake in tests and the demo. */
  wordfenceApiUrl: string;
  /** The operator's reference versions for the fleet view: they win over the live reads and the built-in table. */
  fleet: { wordpressLatest?: string; phpEndOfLife: Record<string, string> };
};

export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's reading of X-Forwarded-For) accepts for whole groups of addresses. */
const PROXY_GROUPS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false` (default), `true` (one proxy: the nearest hop), a hop count, or a comma-separated
 * list of proxy addresses, CIDR ranges and the groups loopback/linklocal/uniquelocal.
 */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const v = value.toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !PROXY_GROUPS.has(e) && !isAddressOrRange(e));
  if (bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false, true, a hop count, or proxy addresses/CIDR ranges (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
}

const isAddressOrRange = (entry: string) => {
  const [address = '', bits, ...more] = entry.split('/');
  if (more.length || !ipaddr.isValid(address)) return false;
  if (bits === undefined) return true;
  const max = ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
};

/**
 * TRUST_PROXY in the form Fastify takes: a hop count becomes "trust the nearest N hops" (Fastify itself
 * no longer reads a bare number that way), addresses and ranges stay a list.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export class ConfigError extends Error {}

/** Parses the environment once; the only reader of process.env in the server. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    mode: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteThread: e.PGLITE_THREAD,
    appUrl,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    secretKey: e.SECRET_KEY,
    refreshIntervalMinutes: e.REFRESH_INTERVAL_MINUTES,
    answerWithin: { refreshMs: 10_000, firstSyncMs: 500 },
    hostOperations: { pollMs: e.HOST_POLL_SECONDS * 1000, followMs: 20 * 60_000 },
    updates: {
      pollMs: e.UPDATE_POLL_SECONDS * 1000,
      verifyMs: 10 * 60_000,
      healthSpacingMs: e.UPDATE_HEALTH_SPACING_SECONDS * 1000,
    },
    allowPrivateTargets: isOn(e.ALLOW_PRIVATE_TARGETS || e.CHECKS_ALLOW_PRIVATE),
    checks: {
      resultsDays: e.CHECK_RESULTS_DAYS,
      rdapBootstrapUrl: e.RDAP_BOOTSTRAP_URL ?? 'https://data.iana.org/rdap/dns.json',
      groupWindowMs: 30_000,
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    auditHeadFile: path.resolve(e.AUDIT_HEAD_FILE ?? path.join(e.DATA_DIR, 'audit-head.json')),
    stalePluginDays: e.STALE_PLUGIN_DAYS,
    wporgApiUrl: (e.WPORG_API_URL ?? 'https://api.wordpress.org').replace(/\/+$/, ''),
    phpEolUrl: e.PHP_EOL_URL ?? 'https://endoflife.date/api/php.json',
    wordfenceApiUrl: (e.WORDFENCE_API_URL ?? 'https://www.wordfence.com/api/intelligence/v3').replace(
      /\/+$/,
      '',
    ),
    fleet: {
      wordpressLatest: e.FLEET_WORDPRESS_LATEST,
      phpEndOfLife: Object.fromEntries(
        (e.FLEET_PHP_EOL ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => pair.trim().split('=') as [string, string]),
      ),
    },
  };
}

/**
 * A config for tests and tools, with overrides. No audit head file unless a test names one: test apps
 * share the working folder, each with a database of its own.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), auditHeadFile: null, ...overrides };
}
