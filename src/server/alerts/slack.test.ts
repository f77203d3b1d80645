import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/receivers/webhook';
import { type FakeTargets, startFakeTargets } from '../../../test/fakes/targets';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { formatDateTime } from '../../shared/time';
import { queueDueChecks } from '../checks/schedule';
import { alertDeliveries, incidents } from '../db/schema';
import { slackEscape, slackText } from './slack';

// Text people or providers wrote reaches Slack as text: never a mention, never a disguised link.
const HOSTILE_NAME = '<!channel> <https://evil.invalid|click>';

describe('slackText', () => {
  it('escapes &, < and > in the title and body, and keeps our own link a link', () => {
    expect(
      slackText({
        title: `${HOSTILE_NAME} is down`,
        body: 'Cause: <@U024BE7LH> & <#C024BE7LR>',
        url: 'http://agency.test/incidents?focus=7&from=alert',
      }),
    ).toBe(
      '*&lt;!channel&gt; &lt;https://evil.invalid|click&gt; is down*\n' +
        'Cause: &lt;@U024BE7LH&gt; &amp; &lt;#C024BE7LR&gt;\n' +
        '<http://agency.test/incidents?focus=7&amp;from=alert|Open in Agency Hub>',
    );
  });

  it('leaves no way out of our link: a | or > in its address is percent-encoded', () => {
    expect(slackText({ title: 't', body: 'b', url: 'http://agency.test/x|<y>' })).toBe(
      '*t*\nb\n<http://agency.test/x%7C%3Cy%3E|Open in Agency Hub>',
    );
  });

  it('escapes an ampersand before anything else, so entities are not read twice', () => {
    expect(slackEscape('&lt;b&gt; <a>')).toBe('&amp;lt;b&amp;gt; &lt;a&gt;');
  });
});

describe('a check named like Slack markup goes down', () => {
  let t: TestApp;
  let targets: FakeTargets;
  let slack: WebhookReceiver;
  let cookie: string;

  beforeAll(async () => {
    targets = await startFakeTargets({ sites: { shop: '/down' } });
    slack = await startWebhookReceiver();
    t = await createTestApp();
    cookie = await t.signIn();
  });
  afterAll(async () => {
    await t.close();
    await targets.close();
    await slack.close();
  });
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('posts its name to Slack as text, with only the link to the incident as a link', async () => {
    const channel = await api('POST', '/api/alerts/channels', {
      kind: 'slack',
      name: '#alerts',
      url: `${slack.url}/services/T000/B000/abcdEFGHijkl`,
    });
    expect(channel.statusCode).toBe(201);
    const check = await api('POST', '/api/checks', {
      name: HOSTILE_NAME,
      url: `${targets.url}/site/shop`,
      intervalSeconds: 60,
      confirmations: 1,
    });
    expect(check.statusCode).toBe(201);
    expect(check.json().name).toBe(HOSTILE_NAME);

    await queueDueChecks(t.services);
    await t.services.jobs.idle();
    await vi.waitFor(
      async () => {
        const rows = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.event, 'opened'));
        expect(rows.map((r) => r.status)).toEqual(['sent']);
      },
      { timeout: 30_000, interval: 100 },
    );
    const [incident] = await t.db.select().from(incidents);
    expect(slack.received).toHaveLength(1);
    expect(slack.received[0]!.path).toBe('/services/T000/B000/abcdEFGHijkl');
    expect(JSON.parse(slack.received[0]!.body)).toEqual({
      text:
        '*&lt;!channel&gt; &lt;https://evil.invalid|click&gt; is down*\n' +
        'Cause: Expected 2xx–3xx, got 503\n' +
        `Down since ${formatDateTime(incident!.startedAt, { timeZone: 'UTC' })} (UTC).\n` +
        `<http://agency.test/incidents?focus=${incident!.id}|Open in Agency Hub>`,
    });
  }, 60_000);
});
