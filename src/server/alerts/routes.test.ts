import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/receivers/webhook';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { withTransaction } from '../core/context';
import { alertDeliveries, clients, websites } from '../db/schema';
import { dispatchAlert } from './dispatch';
import { signature } from './send';

let t: TestApp;
let cookie: string;
let hook: WebhookReceiver;
beforeAll(async () => {
  hook = await startWebhookReceiver();
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await hook.close();
});
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('alert channels', () => {
  it('refuses bad channels with field errors', async () => {
    for (const [body, field] of [
      [{ kind: 'pager', name: 'x' }, 'kind'],
      [{ kind: 'email', name: 'Ops', email: 'not-an-email' }, 'email'],
      [{ kind: 'slack', name: 'Ops', url: 'ftp://hooks.example/x' }, 'url'],
      [{ kind: 'webhook', name: '', url: `${hook.url}/x` }, 'name'],
      [{ kind: 'webhook', name: 'x', url: `${hook.url}/x`, tagIds: [9999] }, 'tagIds'],
    ] as const) {
      const res = await api('POST', '/api/alerts/channels', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    }
    expect(
      (await api('PUT', '/api/alerts/channels/999', { kind: 'email', name: 'x', email: 'a@b.co' }))
        .statusCode,
    ).toBe(404);
    expect((await api('DELETE', '/api/alerts/channels/999')).statusCode).toBe(404);
    expect((await api('POST', '/api/alerts/channels/999/test')).statusCode).toBe(404);
  });

  it('signs webhook alerts with HMAC-SHA256 over timestamp and body, with a secret shown once', async () => {
    const created = await api('POST', '/api/alerts/channels', {
      kind: 'webhook',
      name: 'Ops hook',
      url: `${hook.url}/agency`,
    });
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^[\w-]{43}$/);
    const listed = (await api('GET', '/api/alerts/channels')).json().data;
    expect(JSON.stringify(listed)).not.toContain(secret);
    const test = await api('POST', `/api/alerts/channels/${id}/test`);
    expect(test.json()).toEqual({ message: 'Test alert sent to Ops hook.' });
    const got = hook.received.at(-1)!;
    const timestamp = got.headers['x-agencyhub-timestamp']!;
    expect(got.headers['x-agencyhub-signature']).toBe(`sha256=${signature(secret, timestamp, got.body)}`);
    expect(JSON.parse(got.body)).toMatchObject({
      event: 'test',
      title: 'Test alert from Agency Hub',
      url: 'http://agency.test/settings',
    });
    // Saving it again keeps the secret (it is not shown again).
    const again = await api('PUT', `/api/alerts/channels/${id}`, {
      kind: 'webhook',
      name: 'Ops hook',
      url: `${hook.url}/agency`,
    });
    expect(again.json().secret).toBeUndefined();
    await api('DELETE', `/api/alerts/channels/${id}`);
  });

  it('stamps a webhook alert with the app’s clock, the time its body states', async () => {
    const created = await api('POST', '/api/alerts/channels', {
      kind: 'webhook',
      name: 'Clock hook',
      url: `${hook.url}/clock`,
    });
    t.clock.advance(90_000);
    expect((await api('POST', `/api/alerts/channels/${created.json().id}/test`)).statusCode).toBe(200);
    const got = hook.received.at(-1)!;
    const seconds = Math.floor(t.clock.now().getTime() / 1000);
    expect(got.headers['x-agencyhub-timestamp']).toBe(String(seconds));
    expect(Math.floor(Date.parse(JSON.parse(got.body).sentAt) / 1000)).toBe(seconds);
    await api('DELETE', `/api/alerts/channels/${created.json().id}`);
  });

  it('posts Slack-style text to a Slack channel, whose URL (its secret) is never shown again', async () => {
    const url = `${hook.url}/services/T000/B000/abcdEFGHijkl`;
    const created = (
      await api('POST', '/api/alerts/channels', { kind: 'slack', name: '#alerts', url })
    ).json();
    expect(created.target).toBe(`${hook.url}/…ijkl`);
    expect(JSON.stringify((await api('GET', '/api/alerts/channels')).json())).not.toContain('abcdEFGH');
    await api('POST', `/api/alerts/channels/${created.id}/test`);
    const got = hook.received.at(-1)!;
    expect(got.path).toBe('/services/T000/B000/abcdEFGHijkl');
    expect(JSON.parse(got.body).text).toMatch(/^\*Test alert from Agency Hub\*\n/);
    await api('DELETE', `/api/alerts/channels/${created.id}`);
  });

  it('emails through the configured SMTP, and says so when the test cannot be sent', async () => {
    const created = (
      await api('POST', '/api/alerts/channels', {
        kind: 'email',
        name: 'On call',
        email: 'oncall@agency.test',
      })
    ).json();
    await api('POST', `/api/alerts/channels/${created.id}/test`);
    expect(t.outbox.at(-1)).toMatchObject({
      to: 'oncall@agency.test',
      subject: '[Agency Hub] Test alert from Agency Hub',
    });
    await api('DELETE', `/api/alerts/channels/${created.id}`);
    const broken = (
      await api('POST', '/api/alerts/channels', { kind: 'webhook', name: 'Down', url: `${hook.url}/x` })
    ).json();
    hook.failFor(1000);
    const res = await api('POST', `/api/alerts/channels/${broken.id}/test`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The test alert was not sent: The webhook answered HTTP 503');
    const [listed] = (await api('GET', '/api/alerts/channels')).json().data;
    expect(listed.lastDelivery).toMatchObject({ status: 'failed', error: 'The webhook answered HTTP 503' });
    await api('DELETE', `/api/alerts/channels/${broken.id}`);
  });

  it('sends each alert once per channel, only to channels whose client tags match, and retries a failing one', async () => {
    const vip = (await api('POST', '/api/tags', { name: 'VIP' })).json();
    const all = (
      await api('POST', '/api/alerts/channels', { kind: 'webhook', name: 'All', url: `${hook.url}/all` })
    ).json();
    const vipOnly = (
      await api('POST', '/api/alerts/channels', {
        kind: 'webhook',
        name: 'VIP',
        url: `${hook.url}/vip`,
        tagIds: [vip.id],
      })
    ).json();
    const [client] = await t.db.insert(clients).values({ name: 'Dental Co' }).returning();
    await api('POST', `/api/clients/${client!.id}/tags`, { tagId: vip.id });
    const [site] = await t.db
      .insert(websites)
      .values({
        name: 'dental.example',
        domain: 'dental.example',
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
        clientId: client!.id,
      })
      .returning();
    const subject = (key: string) => ({
      event: 'domain' as const,
      key,
      title: `t ${key}`,
      body: 'b',
      link: '/uptime',
      action: 'domain.expiring',
    });
    const before = hook.received.length;
    hook.failFor(1500); // the first attempts fail: the job engine retries them (after about 10 s)
    await withTransaction(t.services, (tx) => dispatchAlert(tx, subject('other-site'), { websiteIds: [] }));
    await withTransaction(t.services, (tx) =>
      dispatchAlert(tx, subject('vip-site'), { websiteIds: [site!.id] }),
    );
    await withTransaction(t.services, (tx) =>
      dispatchAlert(tx, subject('vip-site'), { websiteIds: [site!.id] }),
    ); // again: no-op
    const rows = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.event, 'domain'));
    expect(rows.map((r) => [r.channelId, r.subjectKey]).sort()).toEqual(
      [
        [all.id, 'other-site'],
        [all.id, 'vip-site'],
        [vipOnly.id, 'vip-site'],
      ].sort(),
    );
    await waitFor(async () => {
      const d = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.event, 'domain'));
      return d.every((x) => x.status === 'sent');
    }, 60_000);
    const paths = hook.received
      .slice(before)
      .map((r) => `${r.path} ${JSON.parse(r.body).title}`)
      .sort();
    expect(paths).toEqual(['/all t other-site', '/all t vip-site', '/vip t vip-site']);
    expect(hook.refused).toBeGreaterThan(0);
  }, 90_000);
});

async function waitFor(ok: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
