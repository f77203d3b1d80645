import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { activity } from '../db/schema';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 2)]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([64, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(64),
]);
const upload = (bytes: Buffer) =>
  call('PUT', '/api/settings/agency/logo', { data: bytes.toString('base64') });

describe('agency settings', () => {
  it('start empty in UTC, and save a name and an IANA time zone', async () => {
    expect((await call('GET', '/api/settings/agency')).json()).toEqual({
      name: '',
      timeZone: 'UTC',
      logo: null,
    });
    const res = await call('PUT', '/api/settings/agency', {
      name: '  Pixel & Co  ',
      timeZone: 'Europe/Berlin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Pixel & Co', timeZone: 'Europe/Berlin', logo: null });
    expect((await call('GET', '/api/settings/agency')).json().timeZone).toBe('Europe/Berlin');
    const [logged] = await t.db.select().from(activity).where(eq(activity.action, 'settings.agency_updated'));
    expect(logged!.message).toBe('alice updated the agency settings (Pixel & Co, Europe/Berlin)');
  });

  it('refuses an unknown time zone, an empty name and unknown fields', async () => {
    for (const timeZone of ['Mars/Olympus', 'GMT+25', '', 'Europe/Berlin; DROP']) {
      const res = await call('PUT', '/api/settings/agency', { name: 'A', timeZone });
      expect(res.statusCode, timeZone).toBe(400);
      expect(res.json().fieldErrors.timeZone[0]).toMatch(/Choose a time zone from the list/);
    }
    const noName = await call('PUT', '/api/settings/agency', { name: ' ', timeZone: 'UTC' });
    expect(noName.json().fieldErrors).toEqual({ name: ['Enter the name of your agency'] });
    expect(
      (await call('PUT', '/api/settings/agency', { name: 'A', timeZone: 'UTC', logo: 'x' })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/settings/agency')).json().name).toBe('Pixel & Co');
  });
});

describe('agency logo', () => {
  it('takes PNG, JPEG and WebP, typed by their bytes, and serves the latest from our origin', async () => {
    for (const [bytes, type] of [
      [png, 'image/png'],
      [jpeg, 'image/jpeg'],
      [webp, 'image/webp'],
    ] as const) {
      const res = await upload(bytes);
      expect(res.statusCode, type).toBe(200);
      const logo = res.json().logo;
      expect(logo).toEqual({
        url: expect.stringMatching(/^\/api\/settings\/agency\/logo\?v=\d+$/),
        contentType: type,
        updatedAt: expect.any(String),
      });
      const served = await call('GET', logo.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.rawPayload.equals(bytes)).toBe(true);
      t.clock.advance(1000);
    }
  });

  it('refuses SVG, GIF, HTML and anything over 512 KB, keeping the logo it had', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    for (const bytes of [svg, gif, html]) {
      const res = await upload(bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ data: ['The logo must be a PNG, JPEG or WebP image'] });
    }
    const big = await upload(Buffer.concat([png, Buffer.alloc(512 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().fieldErrors.data).toEqual(['The logo must be at most 512 KB']);
    expect((await call('PUT', '/api/settings/agency/logo', { data: 'not base64!' })).statusCode).toBe(400);
    expect((await call('GET', '/api/settings/agency')).json().logo.contentType).toBe('image/webp');
  });

  it('can be removed', async () => {
    expect((await call('DELETE', '/api/settings/agency/logo')).statusCode).toBe(204);
    expect((await call('GET', '/api/settings/agency')).json().logo).toBeNull();
    const gone = await call('GET', '/api/settings/agency/logo');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('not_found');
  });

  it('is for signed-in users only', async () => {
    await upload(png);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/agency/logo' })).statusCode).toBe(401);
  });
});
