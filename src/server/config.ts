import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

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
  TRUST_PROXY: flag,
  CHECKS_ALLOW_PRIVATE: flag,
  CHECK_RESULTS_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  RDAP_BOOTSTRAP_URL: optionalString.pipe(z.url().optional()),
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
  appUrl: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** `auto`: human lines in a terminal, JSON lines otherwise. */
  logFormat: z.infer<typeof envSchema>['LOG_FORMAT'];
  trustProxy: boolean;
  /** Key for provider tokens at rest; without it a key file in dataDir is used. */
  secretKey: string | undefined;
  /** How often provider data is refreshed in the background; 0 turns that off. */
  refreshIntervalMinutes: number;
  /** How long a page's refresh may wait on a provider before the last good data is the answer. */
  refreshAnswerMs: number;
  checks: {
    /** Let checks and webhooks reach loopback, private and link-local addresses (tests, the demo, intranets). */
    allowPrivate: boolean;
    /** Days raw check results are kept (hourly and daily figures are kept a year). */
    resultsDays: number;
    /** IANA's RDAP bootstrap file (domain expiry); a local fake in tests and the demo. */
    rdapBootstrapUrl: string;
    /** How long a new incident waits for others on its server before it is announced (grouping). */
    groupWindowMs: number;
    /** Extra trusted CA certificates (PEM) for checks; operators use NODE_EXTRA_CA_CERTS, tests this. */
    extraCa?: string[];
  };
  /** The fleet view's reference versions, overriding the table in fleet/versions.ts (no internet here). */
  fleet: { wordpressLatest?: string; phpEndOfLife: Record<string, string> };
};

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
    appUrl,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    secretKey: e.SECRET_KEY,
    refreshIntervalMinutes: e.REFRESH_INTERVAL_MINUTES,
    refreshAnswerMs: REFRESH_ANSWER_MS,
    checks: {
      allowPrivate: e.CHECKS_ALLOW_PRIVATE,
      resultsDays: e.CHECK_RESULTS_DAYS,
      rdapBootstrapUrl: e.RDAP_BOOTSTRAP_URL ?? 'https://data.iana.org/rdap/dns.json',
      groupWindowMs: 30_000,
    },
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

/** See Config.refreshAnswerMs: a provider asking us to wait (GridPane: up to a minute) holds no page. */
const REFRESH_ANSWER_MS = 10_000;

/** A config for tests and tools, with overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
