import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { type Listener, startListener } from '../../../test/support/listener';
import { alertChannels } from '../db/schema';
import { sendToChannel } from './send';

/**
 * Webhook and Slack channel URLs under the outbound address rule, as in production: private targets
 * NOT allowed. Saving one is a 400 on `url`; sending to one saved before (or whose name now resolves
 * to a private address) is refused when it connects. The listener standing for an internal service
 * hears nothing either way.
 */
let t: TestApp;
let cookie: string;
let listener: Listener;

beforeAll(async () => {
  listener = await startListener();
  t = await createTestApp({ config: { allowPrivateTargets: false } });
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await listener.close();
});

const api = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

const forms = ['127.0.0.1', 'localhost', '127.1', '0x7f000001', '2130706433', '[::1]'];

describe.each(['webhook', 'slack'] as const)('%s channel URLs', (kind) => {
  it.each(forms)('refuses http://%s:<port> with 400 on url', async (host) => {
    const url = `http://${host}:${listener.port}/services/T000/B000/secret`;
    const res = await api('POST', '/api/alerts/channels', { kind, name: 'Ops', url });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.url[0]).toMatch(
      /a loopback address; Agency Hub only connects to public addresses\. Set ALLOW_PRIVATE_TARGETS=true/,
    );
    expect(listener.received).toEqual([]);
  });

  it('refuses a metadata address over https, and on update too', async () => {
    const url = 'https://169.254.169.254/latest/meta-data/';
    const created = await api('POST', '/api/alerts/channels', { kind, name: 'Ops', url });
    expect(created.statusCode).toBe(400);
    expect(created.json().fieldErrors.url[0]).toMatch(/^169\.254\.169\.254 is a cloud metadata address;/);
    const email = await api('POST', '/api/alerts/channels', { kind: 'email', name: 'x', email: 'a@b.co' });
    const id = email.json().id as number;
    const updated = await api('PUT', `/api/alerts/channels/${id}`, { kind, name: 'Ops', url });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().fieldErrors.url).toBeDefined();
  });

  it('refuses at send time a channel stored with a private address', async () => {
    const url = `http://localhost:${listener.port}/hook`;
    const [row] = await t.db
      .insert(alertChannels)
      .values({ kind, name: 'Stored before', target: url })
      .returning();
    const payload = { event: 'test', title: 'T', body: 'B', url: 'http://agency.test', incidentId: null };
    const sent = sendToChannel(
      t.services,
      { ...row!, secretValue: kind === 'slack' ? url : null },
      {
        ...payload,
        sentAt: new Date().toISOString(),
      },
    );
    await expect(sent).rejects.toThrow(/^Address (127\.0\.0\.1|::1) is loopback$/);
    expect(listener.received).toEqual([]);
  });
});
