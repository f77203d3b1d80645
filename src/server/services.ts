import { FirstRunSetup } from './auth/setup';
import { LoginThrottle } from './auth/throttle';
import { createRdapClient, type RdapClient } from './checks/rdap';
import type { Config } from './config';
import type { Clock } from './core/clock';
import { systemClock } from './core/clock';
import type { Actor } from './core/context';
import { type EngineOptions, JobEngine } from './core/jobs/engine';
import { addressPolicy } from './core/outbound';
import { loadOrCreateKeyFile, parseSecretKey, type SecretBox, secretBox } from './core/secret-box';
import type { Database, Db } from './db/client';
import { type Mailer, smtpMailer } from './email/mailer';
import { type BetterUptimeClientOptions, createBetterUptimeClient } from './providers/betteruptime/client';
import { createGridPaneClient, type GridPaneClientOptions } from './providers/gridpane/client';
import { fetchSnapshot, type SnapshotRequest } from './providers/hdsnapshot/client';
import { createKinstaClient, type KinstaClientOptions } from './providers/kinsta/client';
import { createPhpEolClient, type PhpEolClient } from './providers/php-eol/client';
import { createWordfenceClient, type WordfenceClient } from './providers/wordfence/client';
import { createWporgClient, type WporgClient } from './providers/wporg/client';

/**
 * Makes provider clients, each bound to the instance's outbound address rule (so no caller can leave
 * it out); tests shorten GridPane's request spacing through these options.
 */
export type ProviderFactory = {
  gridpane(
    options: Pick<
      GridPaneClientOptions,
      'baseUrl' | 'token' | 'onCall' | 'minSpacingMs' | 'maxRateLimitWaitMs'
    >,
  ): ReturnType<typeof createGridPaneClient>;
  kinsta(
    options: Pick<KinstaClientOptions, 'baseUrl' | 'apiKey' | 'onCall'>,
  ): ReturnType<typeof createKinstaClient>;
  betteruptime(
    options: Pick<BetterUptimeClientOptions, 'baseUrl' | 'token' | 'onCall'>,
  ): ReturnType<typeof createBetterUptimeClient>;
  snapshot(request: Omit<SnapshotRequest, 'addressPolicy'>): ReturnType<typeof fetchSnapshot>;
  /** wordpress.org's public API at WPORG_API_URL. */
  wporg(): WporgClient;
  /** The PHP end-of-life list at PHP_EOL_URL. */
  phpEol(): PhpEolClient;
  /** Wordfence Intelligence's vulnerability feed at WORDFENCE_API_URL, with the account's API key. */
  wordfence(apiKey: string): WordfenceClient;
};

/**
 * The context every service is called with: the database (or a transaction), the clock, the job
 * engine, the process-wide helpers, and who is acting (a route adds the person asking).
 */
export type Services = {
  actor?: Actor;
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  throttle: LoginThrottle;
  setup: FirstRunSetup;
  mailer: Mailer | undefined;
  box: SecretBox;
  jobs: JobEngine;
  providers: ProviderFactory;
  /** Domain expiry lookups: one client per process (it caches the registry list for a day). */
  rdap: RdapClient;
};

export type ServiceOptions = {
  clock?: Clock;
  mailer?: Mailer;
  throttle?: LoginThrottle;
  jobs?: EngineOptions;
  box?: SecretBox;
  gridpane?: Partial<GridPaneClientOptions>;
  kinsta?: Partial<KinstaClientOptions>;
  betteruptime?: Partial<BetterUptimeClientOptions>;
  hdsnapshot?: Pick<SnapshotRequest, 'timeoutMs'>;
};

export function createServices(config: Config, database: Database, opts: ServiceOptions = {}): Services {
  const clock = opts.clock ?? systemClock;
  const policy = addressPolicy(config);
  return {
    config,
    database,
    db: database.db,
    clock,
    throttle: opts.throttle ?? new LoginThrottle(database),
    setup: new FirstRunSetup(),
    mailer: opts.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.smtpFrom) : undefined),
    box:
      opts.box ??
      secretBox(config.secretKey ? parseSecretKey(config.secretKey) : loadOrCreateKeyFile(config.dataDir)),
    jobs: new JobEngine(database, opts.jobs),
    rdap: createRdapClient({
      bootstrapUrl: config.checks.rdapBootstrapUrl,
      ...policy,
      clock,
    }),
    providers: {
      // The instance's own settings (tests: no spacing) outrank a caller's pacing.
      gridpane: (o) => createGridPaneClient({ ...o, ...opts.gridpane, addressPolicy: policy }),
      kinsta: (o) => createKinstaClient({ ...opts.kinsta, ...o, addressPolicy: policy }),
      betteruptime: (o) => createBetterUptimeClient({ ...opts.betteruptime, ...o, addressPolicy: policy }),
      snapshot: (request) => fetchSnapshot({ ...opts.hdsnapshot, ...request, addressPolicy: policy }),
      wporg: () => createWporgClient({ baseUrl: config.wporgApiUrl, addressPolicy: policy }),
      phpEol: () => createPhpEolClient({ url: config.phpEolUrl, addressPolicy: policy }),
      wordfence: (apiKey) =>
        createWordfenceClient({ baseUrl: config.wordfenceApiUrl, apiKey, addressPolicy: policy }),
    },
  };
}
