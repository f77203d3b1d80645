import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app';

// Request limits (a 1 MiB body limit and a request timeout): Fastify's defaults let a body or a
// request run on without end. A body sent with a Content-Length over 1 MiB is refused in
// src/server/auth/routes.test.ts; here a body streamed without one, over a real socket, which the
// server must cut off by counting.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Streams 64 KiB chunks (chunked encoding) until the server answers or `maxBytes` went out. */
function streamBody(maxBytes: number) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/auth/login',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body, sent }));
    });
    // Writes after the answer may meet a closed socket: that is the server refusing the rest.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!answered && sent < maxBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    req.write('{"username":"alice","password":"');
    pump();
  });
}

describe('request limits', () => {
  it('cuts off a body streamed past 1 MiB with 413 and a clear JSON error', { timeout: 30_000 }, async () => {
    const res = await streamBody(8 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      code: 'body_too_large',
      message: 'The request body is too large (the limit is 1 MiB).',
    });
    // It stopped reading near the limit rather than taking the whole 8 MiB.
    expect(res.sent).toBeLessThan(4 * 1024 * 1024);
  });

  it('bounds how long a request may take (Node defaults to none)', () => {
    // Node checks this every 30 s, so waiting for the 408 would take up to a minute: the setting itself
    // is what the app controls, on the server object Node actually reads it from.
    expect(t.app.server.requestTimeout).toBeGreaterThan(0);
    expect(t.app.server.requestTimeout).toBeLessThanOrEqual(30_000);
    expect(t.app.initialConfig.bodyLimit).toBe(1024 * 1024);
  });
});
