import { FirstRunSetup } from './auth/setup';
import { LoginThrottle } from './auth/throttle';
import { createRdapClient, type RdapClient } from './checks/rdap';
import type { Clock } from './clock';
import { systemClock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { type Mailer, smtpMailer } from './email/mailer';
import { loadOrCreateKeyFile, parseSecretKey, type SecretBox, secretBox } from './integrations/secrets';
import { type EngineOptions, JobEngine } from './jobs/engine';
import { type BetterUptimeClientOptions, createBetterUptimeClient } from './providers/betteruptime/client';
import { createGridPaneClient, type GridPaneClientOptions } from './providers/gridpane/client';
import { fetchSnapshot, type SnapshotRequest } from './providers/hdsnapshot/client';

/** Makes provider clients; tests shorten GridPane's request spacing through these options. */
export type ProviderFactory = {
  gridpane(
    options: Pick<GridPaneClientOptions, 'baseUrl' | 'token' | 'onCall'>,
  ): ReturnType<typeof createGridPaneClient>;
  betteruptime(
    options: Pick<BetterUptimeClientOptions, 'baseUrl' | 'token' | 'onCall'>,
  ): ReturnType<typeof createBetterUptimeClient>;
  snapshot: typeof fetchSnapshot;
};

/** What routes hand to services: the database, the clock and the process-wide helpers. */
export type Services = {
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
  betteruptime?: Partial<BetterUptimeClientOptions>;
  hdsnapshot?: Pick<SnapshotRequest, 'timeoutMs'>;
};

export function createServices(config: Config, database: Database, opts: ServiceOptions = {}): Services {
  const clock = opts.clock ?? systemClock;
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
      allowPrivate: config.checks.allowPrivate,
      clock,
    }),
    providers: {
      gridpane: (o) => createGridPaneClient({ ...opts.gridpane, ...o }),
      betteruptime: (o) => createBetterUptimeClient({ ...opts.betteruptime, ...o }),
      snapshot: (request) => fetchSnapshot({ ...opts.hdsnapshot, ...request }),
    },
  };
}
