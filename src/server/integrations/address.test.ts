import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { type Listener, startListener } from '../../../test/support/listener';
import { integrations } from '../db/schema';

/**
 * Provider base URLs under the outbound address rule, as in production: private targets NOT allowed
 * (other tests allow them, for their local fakes). Every spelling of this machine's loopback is
 * refused with a 400 on the field, the listener standing for an internal service hears nothing (so
 * the token never leaves), and nothing is saved.
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

const save = (provider: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/integrations/${provider}`, headers: { cookie }, payload });

const loopbackForms = ['127.0.0.1', 'localhost', '127.1', '0x7f000001', '2130706433', '[::1]'];
const providers = [
  ['gridpane', 'accessToken'],
  ['betteruptime', 'apiToken'],
] as const;

describe.each(providers)('%s base URL', (provider, tokenField) => {
  it.each(loopbackForms)('refuses http://%s:<port> with 400 on baseUrl, sending nothing', async (host) => {
    const res = await save(provider, { baseUrl: `http://${host}:${listener.port}`, [tokenField]: 'secret' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid_input');
    expect(body.fieldErrors.baseUrl[0]).toMatch(
      /(is|resolves to (127\.0\.0\.1|::1),) a loopback address; Agency Hub only connects to public addresses\. Set ALLOW_PRIVATE_TARGETS=true/,
    );
    expect(body.message).toBe(body.fieldErrors.baseUrl[0]);
    expect(listener.received).toEqual([]);
    expect(await t.db.select().from(integrations)).toEqual([]);
  });

  it.each([
    ['https://10.0.0.5/api/v1', '10.0.0.5 is a private address'],
    ['https://169.254.169.254/latest', '169.254.169.254 is a cloud metadata address'],
    ['https://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
    ['https://100.100.100.200/', '100.100.100.200 is a cloud metadata address'],
    ['https://[::ffff:192.168.1.1]/', '::ffff:c0a8:101 (192.168.1.1) is a private address'],
  ])('refuses %s over https too', async (baseUrl, reason) => {
    const res = await save(provider, { baseUrl, [tokenField]: 'secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.baseUrl).toEqual([
      `${reason}; Agency Hub only connects to public addresses. Set ALLOW_PRIVATE_TARGETS=true to allow private targets.`,
    ]);
  });
});

describe('what the refusal says', () => {
  it('names the address, its kind and the setting that allows it, and nothing an internal service said', async () => {
    const res = await save('gridpane', { baseUrl: 'http://127.0.0.1:6379', accessToken: 'secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        '127.0.0.1 is a loopback address; Agency Hub only connects to public addresses. Set ALLOW_PRIVATE_TARGETS=true to allow private targets.',
      code: 'invalid_input',
      fieldErrors: {
        baseUrl: [
          '127.0.0.1 is a loopback address; Agency Hub only connects to public addresses. Set ALLOW_PRIVATE_TARGETS=true to allow private targets.',
        ],
      },
    });
  });
});

describe('HD Snapshot', () => {
  it('refuses an address template whose fixed host is private, on urlTemplate', async () => {
    const urlTemplate = `http://127.0.0.1:${listener.port}/{domain}/wp-json/hd-snapshot/v1/snapshot`;
    const res = await save('hdsnapshot', { globalToken: 'secret', urlTemplate });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.urlTemplate[0]).toMatch(/^127\.0\.0\.1 is a loopback address;/);
    expect(await t.db.select().from(integrations)).toEqual([]);
  });

  it.each(['127.0.0.1', 'localhost'])(
    'never contacts a site whose domain is %s (the app binds the rule to every snapshot)',
    async (domain) => {
      const urlTemplate = `http://{domain}:${listener.port}/wp-json/hd-snapshot/v1/snapshot`;
      const error = await t.services.providers
        .snapshot({ domain, token: 'secret', urlTemplate })
        .catch((e) => e);
      expect(error).toMatchObject({ kind: 'refused_address', provider: 'hdsnapshot', status: 400 });
      expect(error.message).toMatch(
        new RegExp(`^HD Snapshot did not contact ${domain}: .*a loopback address;`),
      );
      expect(listener.received).toEqual([]);
    },
  );
});
