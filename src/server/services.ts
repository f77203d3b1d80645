import { FirstRunSetup } from './auth/setup';
import { LoginThrottle } from './auth/throttle';
import type { Clock } from './clock';
import { systemClock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { type Mailer, smtpMailer } from './email/mailer';

/** What routes hand to services: the database, the clock and the process-wide helpers. */
export type Services = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  throttle: LoginThrottle;
  setup: FirstRunSetup;
  mailer: Mailer | undefined;
};

export type ServiceOptions = { clock?: Clock; mailer?: Mailer; throttle?: LoginThrottle };

export function createServices(config: Config, database: Database, opts: ServiceOptions = {}): Services {
  const clock = opts.clock ?? systemClock;
  return {
    config,
    database,
    db: database.db,
    clock,
    throttle: opts.throttle ?? new LoginThrottle(clock),
    setup: new FirstRunSetup(),
    mailer: opts.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.smtpFrom) : undefined),
  };
}
