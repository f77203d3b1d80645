import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTargets, startFakeTargets } from '../../../test/fakes/targets';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { formatDateTime } from '../../shared/time';
import { alertDeliveries, incidents, websites } from '../db/schema';
import { queueDueChecks } from './schedule';

// Our own checks end to end, against local target servers: a run is queued by the scheduler, run as a
// job, recorded; failures confirmed open an incident (alerted once), the first success closes it.
let t: TestApp;
let targets: FakeTargets;
let cookie: string;

beforeAll(async () => {
  targets = await startFakeTargets({ https: true, certDays: 10, sites: { shop: '/up' } });
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await targets.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** One scheduler tick, the runs it queued, then a minute later. */
async function tick() {
  await queueDueChecks(t.services);
  await t.services.jobs.idle();
  t.clock.advance(60_000);
}
const checkOf = async (id: number) => (await api('GET', `/api/checks/${id}`)).json();

describe('a check against a real site', () => {
  let id: number;
  beforeEach(() => targets.setSite('shop', '/up'));

  it('records an answer: up, status, response time, and the result in its history', async () => {
    const created = await api('POST', '/api/checks', {
      url: `${targets.url}/site/shop`,
      intervalSeconds: 60,
    });
    expect(created.statusCode).toBe(201);
    id = created.json().id;
    expect(created.json()).toMatchObject({ status: 'pending', name: '127.0.0.1', confirmations: 2 });
    await tick();
    const { data, uptime } = await checkOf(id);
    expect(data).toMatchObject({
      status: 'up',
      lastStatusCode: 200,
      consecutiveFailures: 0,
      lastError: null,
    });
    expect(data.lastResponseMs).toBeGreaterThanOrEqual(0);
    expect(uptime.day).toBe(100);
    const results = (await api('GET', `/api/checks/${id}/results`)).json();
    expect(results.data).toEqual([expect.objectContaining({ ok: true, status: 200, error: null })]);
  });

  it('opens an incident only after its confirmations, alerts once, and closes it on the first success', async () => {
    const hook = await api('POST', '/api/alerts/channels', {
      kind: 'webhook',
      name: 'Ops',
      url: `${targets.url}/up`,
    });
    expect(hook.statusCode).toBe(201);
    targets.setSite('shop', '/down');
    await tick();
    expect((await checkOf(id)).data).toMatchObject({
      status: 'up',
      consecutiveFailures: 1,
      lastError: 'Expected 2xx–3xx, got 503',
    });
    expect(await t.db.select().from(incidents)).toHaveLength(0);
    await tick();
    expect((await checkOf(id)).data).toMatchObject({ status: 'down', consecutiveFailures: 2 });
    const open = (await api('GET', '/api/incidents?status=open')).json().data;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      source: 'check',
      checkId: id,
      cause: 'Expected 2xx–3xx, got 503',
      status: 'open',
    });
    expect(open[0].failures).toHaveLength(2);
    await tick(); // still down: nothing new
    expect(await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.event, 'opened'))).toHaveLength(
      1,
    );

    targets.setSite('shop', '/up');
    await tick();
    const [closed] = (await api('GET', `/api/incidents?checkId=${id}`)).json().data;
    expect(closed).toMatchObject({ status: 'resolved', durationSeconds: 180 });
    const sent = await t.db.select().from(alertDeliveries);
    expect(sent.map((d) => [d.event, d.status])).toEqual([
      ['opened', 'sent'],
      ['resolved', 'sent'],
    ]);
    const titles = (await api('GET', '/api/notifications'))
      .json()
      .data.map((n: { title: string }) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['127.0.0.1 is down', '127.0.0.1 is back up']));
    await api('DELETE', `/api/alerts/channels/${hook.json().id}`);
  });

  it('records failures during a maintenance window but opens no incident', async () => {
    const window = await api('POST', '/api/maintenance', {
      checkIds: [id],
      durationMinutes: 30,
      reason: 'Plugin updates',
    });
    expect(window.statusCode).toBe(201);
    expect(window.json()).toMatchObject({ state: 'active', reason: 'Plugin updates' });
    targets.setSite('shop', '/down');
    await tick();
    await tick();
    await tick();
    const { data } = await checkOf(id);
    expect(data).toMatchObject({ status: 'up', consecutiveFailures: 3, inMaintenance: true });
    expect((await api('GET', `/api/incidents?checkId=${id}&status=open`)).json().data).toHaveLength(0);
    // Ended early, and still failing: the next failure opens the incident.
    expect((await api('DELETE', `/api/maintenance/${window.json().id}`)).statusCode).toBe(204);
    await tick();
    expect((await api('GET', `/api/incidents?checkId=${id}&status=open`)).json().data).toHaveLength(1);
    targets.setSite('shop', '/up');
    await tick();
  });

  it('treats a WordPress error page served with 200 as down on a website, and checks keywords', async () => {
    const [site] = await t.db
      .insert(websites)
      .values({
        name: 'wp.example',
        domain: 'wp.example',
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
      })
      .returning();
    const wp = (
      await api('POST', '/api/checks', {
        url: `${targets.url}/wordpress/db-error`,
        websiteId: site!.id,
        confirmations: 1,
      })
    ).json();
    const plain = (
      await api('POST', '/api/checks', {
        url: `${targets.url}/up`,
        keyword: 'no such words here',
        confirmations: 1,
      })
    ).json();
    const absent = (
      await api('POST', '/api/checks', {
        url: `${targets.url}/up`,
        keyword: 'no such words here',
        keywordMode: 'absent',
      })
    ).json();
    await tick();
    expect((await checkOf(wp.id)).data).toMatchObject({ status: 'down', lastStatusCode: 200 });
    expect((await checkOf(wp.id)).data.lastError).toMatch(/database/i);
    expect((await checkOf(plain.id)).data).toMatchObject({ status: 'down' });
    expect((await checkOf(plain.id)).data.lastError).toMatch(/not found/);
    expect((await checkOf(absent.id)).data).toMatchObject({ status: 'up' });
    for (const c of [wp, plain, absent]) await api('DELETE', `/api/checks/${c.id}`);
  });

  it('reads the certificate of an https site, and warns once at its threshold', async () => {
    const tls = (await api('POST', '/api/checks', { url: `${targets.https!.url}/up` })).json();
    await tick();
    await tick();
    const { data } = await checkOf(tls.id);
    // Self-signed and not trusted here: down, but its dates were read all the same.
    expect(data.certificate).toMatchObject({ daysLeft: 9, subject: 'localhost' });
    expect(new Date(data.certificate.validTo).getTime()).toBe(targets.https!.validTo.getTime());
    const warnings = (await api('GET', '/api/notifications'))
      .json()
      .data.filter((n: { title: string }) => /certificate/.test(n.title));
    expect(warnings.map((w: { title: string }) => w.title)).toEqual([
      'The certificate of 127.0.0.1 expires in 9 days',
    ]);
    // Its date in words on the agency clock (UTC until one is saved), never an ISO timestamp.
    expect(warnings[0].message).toBe(
      `Issued by ${data.certificate.issuer}, valid until ${formatDateTime(data.certificate.validTo, { timeZone: 'UTC' })} (UTC). Renew it before visitors see a security warning.`,
    );
    await api('DELETE', `/api/checks/${tls.id}`);
  });
});
