import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { buildApp } from '../../src/server/app';
import { type Config, testConfig } from '../../src/server/config';
import type { Clock } from '../../src/server/core/clock';
import { secretBox } from '../../src/server/core/secret-box';
import type { Database } from '../../src/server/db/client';
import type { Mail, Mailer } from '../../src/server/email/mailer';
import { loggerOptions } from '../../src/server/logger';
import { createServices, type ServiceOptions, type Services } from '../../src/server/services';
import { createUser, type NewUser } from '../../src/server/users/service';
import { createTestDatabase } from './database';

/** A clock tests can move. */
export class TestClock implements Clock {
  private t = Date.now();
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real app on a fresh database, with a movable clock and a mailbox instead of SMTP. */
export async function createTestApp(
  opts: {
    config?: Partial<Config>;
    mailer?: Mailer | null;
    webRoot?: string;
    services?: ServiceOptions;
    /** Level of the captured log (`logs`); 'trace' shows every request as production would. */
    logLevel?: Config['logLevel'];
    /** Format of the captured log: JSON lines unless a test asks for the human lines of a terminal. */
    logFormat?: Config['logFormat'];
    /** A database the test prepared (what an older version left in it); a fresh one otherwise. */
    database?: Database;
  } = {},
) {
  const database = opts.database ?? (await createTestDatabase());
  const clock = new TestClock();
  const outbox: Mail[] = [];
  const mailer: Mailer | undefined =
    opts.mailer === null ? undefined : (opts.mailer ?? { send: async (mail) => void outbox.push(mail) });
  const base = testConfig();
  const config = testConfig({
    appUrl: 'http://agency.test',
    // Tests talk to local servers (checks, webhooks, provider fakes): private targets are allowed unless
    // a test asks otherwise. Incidents are announced at once (no grouping wait) unless a test asks.
    allowPrivateTargets: true,
    checks: { ...base.checks, groupWindowMs: 0 },
    // A first sync of a few fake sites is waited for, however loaded the machine: a test asks for a
    // shorter wait when what it checks is the answer given while a first sync runs.
    answerWithin: { ...base.answerWithin, firstSyncMs: 60_000 },
    // The fakes finish a host's operation within a few polls: no need to wait seconds between them.
    hostOperations: { pollMs: 1, followMs: 30_000 },
    updates: { pollMs: 20, verifyMs: 1_500, healthSpacingMs: 1 },
    ...opts.config,
  });
  const services: Services = createServices(config, database, {
    clock,
    mailer,
    box: secretBox(randomBytes(32)),
    // Tests talk to the local fakes: no need for GridPane's one-second spacing.
    gridpane: { minSpacingMs: 0 },
    kinsta: { minSpacingMs: 0, sleep: () => Promise.resolve() },
    // No pacing and no real backoff waits against the fakes.
    betteruptime: { maxRequestsPerSecond: Number.POSITIVE_INFINITY, sleep: () => Promise.resolve() },
    hdsnapshot: { timeoutMs: 1000 },
    // Tests last seconds: no expiry supervision or cron evaluation unless a test asks for them.
    jobs: { supervise: false, schedule: false },
    ...opts.services,
  });
  const logs: string[] = [];
  const app = await buildApp({
    services,
    webRoot: opts.webRoot,
    // Production's logger (its serializers and redaction), writing into `logs`.
    logger: loggerOptions(
      { ...config, logLevel: opts.logLevel ?? 'info', logFormat: opts.logFormat ?? 'json' },
      { write: (line: string) => void logs.push(line) },
    ),
  });
  await app.ready();

  /** Creates a user directly and returns a cookie header for a signed-in session. */
  async function signIn(
    user: NewUser = { username: 'alice', email: 'alice@example.com', password: 'correct horse' },
  ) {
    // The account signing in owns the agency unless the test gives it another role.
    await createUser(services, { role: 'owner', ...user }).catch(() => undefined);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return cookieHeader(res);
  }

  return {
    app,
    services,
    database,
    db: database.db,
    clock,
    outbox,
    logs,
    signIn,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A colleague limited to chosen clients, added by the Owner whose session is `owner`: the cookie of
 * their signed-in session.
 */
export async function limitedPerson(
  t: TestApp,
  owner: string,
  username: string,
  role: 'staff' | 'viewer',
  clientIds: number[],
): Promise<string> {
  const account = { username, email: `${username}@example.com`, password: 'secret123' };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { cookie: owner },
    payload: { ...account, role, clientIds },
  });
  if (res.statusCode !== 201) throw new Error(`adding ${username} failed: ${res.statusCode} ${res.body}`);
  return t.signIn(account);
}

/**
 * Turns two-factor sign-in on for the person signed in with `cookie`; `code()` gives the next
 * authenticator code (a code is good once: each moves the test clock to the next 30-second step).
 */
export async function turnOnTwoFactor(t: TestApp, cookie: string) {
  const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: { cookie } });
  const secret = setup.json().secret as string;
  const code = async () => {
    t.clock.advance(30_000);
    return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  };
  const on = await t.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: { cookie },
    payload: { code: await code() },
  });
  if (on.statusCode !== 200) throw new Error(`turning two-factor on failed: ${on.statusCode} ${on.body}`);
  return { secret, code };
}

/** The `cookie` request header that carries the response's Set-Cookie values. */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
