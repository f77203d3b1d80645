import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
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
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 0.8 } } });
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
let bomb: Buffer;
beforeAll(async () => {
  png = await image(300, 100).png().toBuffer();
  jpeg = await image(300, 100).jpeg().toBuffer();
  webp = await image(300, 100).webp().toBuffer();
  // 8,000 × 8,000 zero pixels in a few hundred KB: 256 MB once decoded.
  bomb = await sharp({
    create: { width: 8000, height: 8000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 30_000);
const upload = (bytes: Buffer) =>
  call('PUT', '/api/settings/agency/logo', { data: bytes.toString('base64') });

describe('agency settings', () => {
  it('start empty in UTC, and save a name and an IANA time zone', async () => {
    expect((await call('GET', '/api/settings/agency')).json()).toEqual({
      name: '',
      timeZone: 'UTC',
      logo: null,
      securityAlerts: 'immediate',
    });
    const res = await call('PUT', '/api/settings/agency', {
      name: '  Pixel & Co  ',
      timeZone: 'Europe/Berlin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Pixel & Co',
      timeZone: 'Europe/Berlin',
      logo: null,
      securityAlerts: 'immediate',
    });
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

describe('how security alerts are sent', () => {
  const agency = { name: 'Pixel & Co', timeZone: 'Europe/Berlin' };

  it('switches between alerts as they are found and a daily digest, kept when a save leaves it out', async () => {
    const res = await call('PUT', '/api/settings/agency', { ...agency, securityAlerts: 'digest' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().securityAlerts).toBe('digest');
    expect((await call('GET', '/api/settings/agency')).json().securityAlerts).toBe('digest');
    const [logged] = await t.db
      .select()
      .from(activity)
      .where(eq(activity.action, 'settings.agency_updated'))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(logged!.message).toBe(
      'alice updated the agency settings (Pixel & Co, Europe/Berlin, security alerts in a daily digest)',
    );
    expect((await call('PUT', '/api/settings/agency', agency)).json().securityAlerts).toBe('digest');
    const back = await call('PUT', '/api/settings/agency', { ...agency, securityAlerts: 'immediate' });
    expect(back.json().securityAlerts).toBe('immediate');
  });

  it('refuses a mode it does not know, with what to choose', async () => {
    for (const securityAlerts of ['weekly', '', 1, null]) {
      const res = await call('PUT', '/api/settings/agency', { ...agency, securityAlerts });
      expect(res.statusCode, String(securityAlerts)).toBe(400);
      expect(res.json().fieldErrors).toEqual({
        securityAlerts: [
          'Choose how security alerts are sent: "immediate" (each as it is found) or "digest" (one a day)',
        ],
      });
    }
    expect((await call('GET', '/api/settings/agency')).json().securityAlerts).toBe('immediate');
  });

  it('is changed only by an Admin or the Owner; everyone signed in reads it', async () => {
    for (const role of ['viewer', 'staff'] as const) {
      const other = await t.signIn({
        username: role,
        email: `${role}@example.com`,
        password: `${role} password`,
        role,
      });
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/agency',
        headers: { cookie: other },
        payload: { ...agency, securityAlerts: 'digest' },
      });
      expect(put.statusCode, role).toBe(403);
      const get = await t.app.inject({
        method: 'GET',
        url: '/api/settings/agency',
        headers: { cookie: other },
      });
      expect(get.json().securityAlerts, role).toBe('immediate');
    }
    const admin = await t.signIn({
      username: 'ada',
      email: 'ada@example.com',
      password: 'ada password',
      role: 'admin',
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/agency',
      headers: { cookie: admin },
      payload: { ...agency, securityAlerts: 'digest' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      (await call('PUT', '/api/settings/agency', { ...agency, securityAlerts: 'immediate' })).statusCode,
    ).toBe(200);
  });
});

describe('agency logo', () => {
  it('takes PNG, JPEG and WebP and serves its checked copy (JPEG as JPEG, else PNG) from our origin', async () => {
    for (const [name, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/png'],
    ] as const) {
      const res = await upload({ png, jpeg, webp }[name]);
      expect(res.statusCode, name).toBe(200);
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
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: type === 'image/png' ? 'png' : 'jpeg',
        width: 300,
        height: 100,
      });
      t.clock.advance(1000);
    }
  });

  it('takes a 2,000 × 2,000 image and keeps it at 512 × 512', async () => {
    const res = await upload(await image(2000, 2000).png({ compressionLevel: 9 }).toBuffer());
    expect(res.statusCode).toBe(200);
    const served = await call('GET', res.json().logo.url);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });
    t.clock.advance(1000);
  });

  it('refuses a decompression bomb at once, saying how large it is and what is allowed', async () => {
    expect(bomb.length).toBeLessThan(512 * 1024);
    const started = performance.now();
    const res = await upload(bomb);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    const message = 'The logo is 8000 × 8000 px; use an image of at most 2,000 × 2,000 px.';
    expect(res.json()).toEqual({ message, code: 'invalid_input', fieldErrors: { data: [message] } });
    expect((await call('GET', '/api/settings/agency')).json().logo.contentType).toBe('image/png');
  });

  it('refuses SVG, GIF, HTML, a broken PNG and anything over 512 KB, keeping the logo it had', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = await image(10, 10).gif().toBuffer();
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    for (const bytes of [svg, gif, html]) {
      const res = await upload(bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The logo must be a PNG, JPEG or WebP image.');
      expect(res.json().fieldErrors).toEqual({ data: ['The logo must be a PNG, JPEG or WebP image.'] });
    }
    const broken = await upload(png.subarray(0, 40));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The logo could not be read as an image/);
    const big = await upload(Buffer.concat([png, Buffer.alloc(512 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().fieldErrors.data).toEqual(['The logo must be at most 512 KB.']);
    expect((await call('PUT', '/api/settings/agency/logo', { data: 'not base64!' })).statusCode).toBe(400);
    const kept = await call('GET', (await call('GET', '/api/settings/agency')).json().logo.url);
    expect(await sharp(kept.rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });
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
