import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuardedRequestError, guardedRequest } from './request';

/** The transport as the webhook sender will use it: POST, its own headers, no redirects followed. */
let server: Server;
let base: string;
const received: Array<{ method?: string; url?: string; body: string; headers: IncomingMessage['headers'] }> =
  [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, body, headers: req.headers });
      if (req.url === '/elsewhere') {
        res.writeHead(307, { location: `http://localhost:${(server.address() as AddressInfo).port}/landed` });
        return res.end();
      }
      if (req.url === '/moved') {
        res.writeHead(303, { location: '/landed' });
        return res.end();
      }
      if (req.url === '/gzip') {
        res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
        return res.end(gzipSync('z'.repeat(100_000)));
      }
      res.writeHead(202, { 'content-type': 'text/plain' });
      res.end('accepted');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const policy = { allowPrivate: true, timeoutMs: 2000 };

describe('guardedRequest', () => {
  it('sends a POST with its body and headers, and reads the answer', async () => {
    const response = await guardedRequest(`${base}/hook`, {
      ...policy,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'sha256=abc' },
      body: '{"event":"down"}',
      readBody: 1024,
    });
    expect(response).toMatchObject({ status: 202, redirects: 0, truncated: false, url: `${base}/hook` });
    expect(response.body?.toString()).toBe('accepted');
    const request = received.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/hook', body: '{"event":"down"}' });
    expect(request.headers['x-signature']).toBe('sha256=abc');
  });

  it('returns a redirect as it is unless asked to follow it', async () => {
    const response = await guardedRequest(`${base}/moved`, { ...policy, method: 'POST', body: 'x' });
    expect(response).toMatchObject({ status: 303, redirects: 0 });
  });

  it('follows a 303 after a POST with a GET, as browsers do', async () => {
    const response = await guardedRequest(`${base}/moved`, {
      ...policy,
      method: 'POST',
      body: 'x',
      maxRedirects: 1,
    });
    expect(response).toMatchObject({ status: 202, redirects: 1, url: `${base}/landed` });
    expect(received.at(-1)).toMatchObject({ method: 'GET', url: '/landed', body: '' });
  });

  it("keeps the caller's headers to their origin when a redirect leaves it", async () => {
    const headers = { 'x-signature': 'sha256=abc', 'user-agent': 'AgencyHub-Check/1.0' };
    const response = await guardedRequest(`${base}/elsewhere`, { ...policy, headers, maxRedirects: 1 });
    expect(response).toMatchObject({ status: 202, redirects: 1 });
    const landed = received.at(-1)!;
    expect(landed.url).toBe('/landed');
    expect(landed.headers['x-signature']).toBeUndefined();
    expect(landed.headers['user-agent']).toBe('AgencyHub-Check/1.0');
  });

  it('caps a compressed body on its decoded size', async () => {
    const response = await guardedRequest(`${base}/gzip`, { ...policy, readBody: 10_000 });
    expect(response.body?.length).toBe(10_000);
    expect(response.truncated).toBe(true);
    expect(response.body?.toString()).toBe('z'.repeat(10_000));
  });

  it('fails with a ProbeError that names the cause', async () => {
    const error = await guardedRequest('http://127.0.0.1:1/', policy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuardedRequestError);
    expect(error).toMatchObject({
      code: 'refused',
      message: 'Connection refused',
      url: 'http://127.0.0.1:1/',
    });
  });
});
