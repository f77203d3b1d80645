import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>Agency Hub</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets/app-abc123.js'), 'console.info(1)');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('routing', () => {
  it('answers unknown /api paths with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      message: 'There is no API endpoint GET /api/does-not-exist.',
      code: 'not_found',
    });
  });

  it('serves the app for every other path, so client routes and the 404 page work on reload', async () => {
    for (const url of ['/', '/clients', '/no/such/page', '/reset-password?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache, and a missing asset is a real 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('reports the database in GET /api/health without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite',
    });
  });
});

describe('security headers (CSP without inline scripts, nosniff, no framing, no-store on /api)', () => {
  it('are on API responses, app pages and errors alike', async () => {
    for (const url of ['/api/health', '/api/auth/me', '/', '/api/nope']) {
      const h = (await t.app.inject({ method: 'GET', url })).headers;
      const csp = String(h['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['x-frame-options']).toBe('DENY');
      if (url.startsWith('/api')) expect(h['cache-control']).toBe('no-store');
    }
  });
});

describe('CSRF defence: a JSON body and a same-origin browser for every state change', () => {
  const post = (headers: Record<string, string>, payload?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
  const body = JSON.stringify({ username: 'alice', password: 'wrong password' });

  it('refuses a cross-site browser request', async () => {
    const res = await post({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses a foreign Origin, and a form post from it', async () => {
    expect(
      (await post({ 'content-type': 'application/json', origin: 'https://evil.example' }, body)).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
          'username=a',
        )
      ).statusCode,
    ).toBe(403);
    expect((await post({ 'content-type': 'application/json', origin: 'null' }, body)).statusCode).toBe(403);
  });

  it('refuses a text/plain or form body even without an Origin', async () => {
    const res = await post({ 'content-type': 'text/plain' }, body);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/application\/json/);
    expect((await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=b')).statusCode).toBe(415);
  });

  it('lets same-origin JSON through', async () => {
    const res = await post(
      {
        'content-type': 'application/json',
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'sec-fetch-site': 'same-origin',
      },
      body,
    );
    expect(res.statusCode).toBe(401); // reached the handler: wrong password
  });
});

describe('NUL characters', () => {
  it('are refused with a 400 naming the field, before the database sees them', async () => {
    const cookie = await t.signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { cookie },
      payload: { name: 'A', company: 'x\u0000y' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ company: ['Must not contain the NUL character'] });
    const q = await t.app.inject({ method: 'GET', url: '/api/search?q=a%00b', headers: { cookie } });
    expect(q.statusCode).toBe(400);
  });
});
