import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../fakes/receivers/webhook';
import { type FakeTargets, startFakeTargets } from '../../fakes/targets';
import { databaseUrl } from '../../support/global-setup';
import {
  call,
  createFirstAccount,
  repoRoot,
  type ServerProcess,
  startServer,
  waitUntil,
} from '../../support/server-process';
import { adminQuery } from './postgres';

// Alerts with three real instances on one PostgreSQL: a site going down produces exactly one
// "down" and one "up" alert per channel; a channel failing for two minutes still receives both
// afterwards; a maintenance window produces none. The https site is trusted through
// NODE_EXTRA_CA_CERTS, and its certificate warning too goes out once per channel.
const base = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(base);
const dbName = `ah_r9_${randomBytes(6).toString('hex')}`;

let targets: FakeTargets;
let hooks: WebhookReceiver;
let instances: ServerProcess[] = [];
let cookie = '';
let caFile = '';
/** When the test did what: printed with what the channels heard if a test fails. */
const marks: { what: string; at: string }[] = [];
const mark = (what: string) => marks.push({ what, at: new Date().toISOString() });

type Alert = { event: string; title: string; at: number };
/** An alert's title: a webhook's JSON title, or a Slack message's bold first line. */
const alertTitle = (raw: string): string => {
  const body = JSON.parse(raw) as { title?: string; text?: string };
  return body.title ?? /^\*(.*?)\*/.exec(body.text ?? '')?.[1] ?? '';
};
/** What a channel received: a webhook's JSON as is, a Slack message read back from its text. */
const alertsAt = (channel: string): Alert[] =>
  hooks.received
    .filter((r) => r.path === `/${channel}`)
    .map((r) => {
      const body = JSON.parse(r.body) as { event?: string; title?: string };
      if (body.title) return { event: body.event ?? '', title: body.title, at: r.at };
      const title = alertTitle(r.body);
      const event = / is down$/.test(title)
        ? 'opened'
        : / is back up$/.test(title)
          ? 'resolved'
          : 'certificate';
      return { event, title, at: r.at };
    });
const events = (channel: string, about: string) =>
  alertsAt(channel)
    .filter((a) => a.title.includes(about))
    .map((a) => a.event);

describe.runIf(onPostgres)('alerts with three instances', { timeout: 15 * 60_000 }, () => {
  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${dbName}`);
    targets = await startFakeTargets({ https: true, certDays: 10, sites: { shop: '/up' } });
    caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ah-r9-')), 'ca.pem');
    fs.writeFileSync(caFile, targets.https!.ca);
    hooks = await startWebhookReceiver();
    const env = { ALLOW_PRIVATE_TARGETS: 'true', NODE_EXTRA_CA_CERTS: caFile, REFRESH_INTERVAL_MINUTES: '0' };
    instances = await Promise.all(
      [0, 1, 2].map(() => startServer({ databaseUrl: databaseUrl(base!, dbName), env, logLevel: 'debug' })),
    );
    cookie = await createFirstAccount(instances[0]!);
  }, 180_000);

  // On a failure, the timeline of what the test did and what the channels heard (the instances' own
  // logs are in .test-artifacts/r9-alerts).
  beforeEach(({ onTestFailed }) =>
    onTestFailed(() => {
      const heard = hooks.received.map((r) => ({ ...r, title: alertTitle(r.body) }));
      console.error(
        [
          ...marks.map((m) => `${m.at} test: ${m.what}`),
          ...heard.map((r) => `${new Date(r.at).toISOString()} ${r.path}: ${r.title}`),
        ]
          .sort()
          .join('\n'),
      );
    }),
  );

  afterAll(async () => {
    for (const i of instances) if (i.alive()) i.child.kill('SIGTERM');
    await Promise.all(instances.map((i) => i.exited));
    // What each instance did, for reading after a failure (the job engine logs each job at debug).
    const logs = path.join(repoRoot, '.test-artifacts/r9-alerts');
    fs.mkdirSync(logs, { recursive: true });
    for (const [n, i] of instances.entries())
      fs.writeFileSync(path.join(logs, `instance-${n}.log`), i.output());
    await Promise.all([targets?.close(), hooks?.close()]);
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('sends one "down" and one "up" per channel, also to a channel that failed for two minutes', async () => {
    const [a, b, c] = instances as [ServerProcess, ServerProcess, ServerProcess];
    expect(
      (
        await call(a, cookie, 'POST', '/api/alerts/channels', {
          kind: 'webhook',
          name: 'A',
          url: `${hooks.url}/a`,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(b, cookie, 'POST', '/api/alerts/channels', {
          kind: 'slack',
          name: 'B',
          url: `${hooks.url}/b`,
        })
      ).status,
    ).toBe(201);
    const shop = await call(c, cookie, 'POST', '/api/checks', {
      url: `${targets.url}/site/shop`,
      intervalSeconds: 30,
      confirmations: 2,
    });
    const tls = await call(a, cookie, 'POST', '/api/checks', {
      url: `${targets.https!.url}/up`,
      name: 'secure.example',
      intervalSeconds: 30,
    });
    expect([shop.status, tls.status]).toEqual([201, 201]);
    const shopId = shop.body.id as number;

    await waitUntil(
      'the first results',
      async () =>
        ((await call(b, cookie, 'GET', `/api/checks/${shopId}`)).body.data as { status?: string } | undefined)
          ?.status === 'up',
      90_000,
    );
    // Trusted through NODE_EXTRA_CA_CERTS: up, and its certificate (10 days left) warned about.
    const secure = (await call(c, cookie, 'GET', `/api/checks/${tls.body.id}`)).body.data as {
      status: string;
      certificate: { daysLeft: number };
    };
    expect(secure.status).toBe('up');
    expect(secure.certificate.daysLeft).toBe(9);

    // Receiver B refuses everything for two minutes; then the site goes down.
    const outageEnds = Date.now() + 120_000;
    hooks.failFor(120_000, '/b');
    targets.setSite('shop', '/down');
    mark('shop down, B refusing');
    await waitUntil('the "down" alert at A', () => events('a', '127.0.0.1 is').includes('opened'), 180_000);
    targets.setSite('shop', '/up');
    mark('shop up');
    await waitUntil('the "up" alert at A', () => events('a', '127.0.0.1 is').includes('resolved'), 120_000);
    await waitUntil(
      'B to receive both after its outage',
      () => events('b', '127.0.0.1 is').length >= 2,
      8 * 60_000,
    );
    expect(hooks.refused).toBeGreaterThan(0);
    const downAtB = alertsAt('b').filter((x) => x.title.startsWith('127.0.0.1 is'));
    expect(Math.min(...downAtB.map((x) => x.at))).toBeGreaterThanOrEqual(outageEnds - 1000);
    // Give any duplicate a chance to show up, then count.
    await new Promise((r) => setTimeout(r, 20_000));
    expect(events('a', '127.0.0.1 is')).toEqual(['opened', 'resolved']);
    expect(
      alertsAt('b')
        .filter((x) => x.title.startsWith('127.0.0.1 is'))
        .map((x) => x.title),
    ).toEqual(['127.0.0.1 is down', '127.0.0.1 is back up']);
    expect(events('a', 'certificate')).toEqual(['certificate']);
    expect(events('b', 'certificate')).toEqual(['certificate']);
  });

  it('sends nothing for a site that fails during a maintenance window', async () => {
    // What the channels hear of this site (a retry of an earlier alert may still be on its way).
    const aboutShop = () =>
      [...alertsAt('a'), ...alertsAt('b')].filter((x) => x.title.startsWith('127.0.0.1 is'));
    const before = aboutShop().length;
    const [a] = instances as [ServerProcess];
    const { body } = await call(a, cookie, 'GET', '/api/checks');
    const shop = (body.data as unknown as { id: number; url: string }[]).find((c) =>
      c.url.endsWith('/site/shop'),
    )!;
    const window = await call(a, cookie, 'POST', '/api/maintenance', {
      checkIds: [shop.id],
      durationMinutes: 10,
      reason: 'no alerts during maintenance',
    });
    expect(window.status).toBe(201);
    targets.setSite('shop', '/down');
    await waitUntil(
      'three failures recorded',
      async () =>
        (
          (await call(a, cookie, 'GET', `/api/checks/${shop.id}`)).body.data as {
            consecutiveFailures: number;
          }
        ).consecutiveFailures >= 3,
      150_000,
    );
    await new Promise((r) => setTimeout(r, 35_000)); // longer than the grouping window
    expect(aboutShop()).toHaveLength(before);
    const open = await call(a, cookie, 'GET', `/api/incidents?checkId=${shop.id}&status=open`);
    expect(open.body.data).toEqual([]);
    targets.setSite('shop', '/up');
  });
});
