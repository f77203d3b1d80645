import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from './provider-error';
import { type RequestJsonOptions, requestJson as send } from './provider-http';
import { localTargets } from './provider-test-helpers';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url) {
      case '/json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"ok":true}');
      case '/html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><p>hello</p>');
      case '/garbage':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"truncat');
      case '/error-json':
        res.writeHead(422, { 'content-type': 'application/json' });
        return res.end('{"message":"invalid"}');
      case '/error-html':
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end(`<h1>Bad Gateway</h1> token=${'x'.repeat(40)}\u0000`);
      case '/big-declared':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
        return res.end(`"${'a'.repeat(4998)}"`);
      case '/big-chunked':
        // no content-length: the cap must hold while streaming
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(`"${'a'.repeat(3000)}`);
        return res.end(`${'a'.repeat(3000)}"`);
      case '/hang':
        return; // never answers
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** requestJson against this file's local server: private targets allowed. */
const requestJson = (url: string, options: Omit<RequestJsonOptions, 'addressPolicy'> = {}) =>
  send(url, { addressPolicy: localTargets, ...options });

const failure = async (promise: Promise<unknown>): Promise<ProviderError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

describe('requestJson', () => {
  it('returns status, headers and parsed JSON', async () => {
    const response = await requestJson(`${base}/json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.body).toEqual({ ok: true });
  });

  it('refuses anything but http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'data:,{}', 'not a url']) {
      const error = await failure(requestJson(url));
      expect(error.kind).toBe('network');
    }
  });

  it('treats a 200 HTML page or broken JSON as not_json', async () => {
    expect((await failure(requestJson(`${base}/html`))).kind).toBe('not_json');
    const error = await failure(requestJson(`${base}/garbage`));
    expect(error.kind).toBe('not_json');
    expect(error.message).not.toContain('truncat');
  });

  it('returns non-2xx answers; a non-JSON error page only as a short sanitized excerpt', async () => {
    expect(await requestJson(`${base}/error-json`)).toMatchObject({
      status: 422,
      body: { message: 'invalid' },
    });
    const page = await requestJson(`${base}/error-html`);
    expect(page).toMatchObject({ status: 502, body: null });
    expect(page.text).toContain('Bad Gateway');
    expect(page.text).not.toContain('x'.repeat(24));
    expect(page.text).not.toContain('\u0000');
  });

  it('throws kind http on non-2xx when asked to', async () => {
    const error = await failure(requestJson(`${base}/error-json`, { throwHttpErrors: true }));
    expect(error).toMatchObject({ kind: 'http', upstreamStatus: 422 });
  });

  it('caps the body size, declared or streamed', async () => {
    expect((await failure(requestJson(`${base}/big-declared`, { maxBytes: 1000 }))).kind).toBe('too_large');
    expect((await failure(requestJson(`${base}/big-chunked`, { maxBytes: 4000 }))).kind).toBe('too_large');
    expect((await requestJson(`${base}/big-chunked`, { maxBytes: 7000 })).body).toHaveLength(6000);
  });

  it('gives up after the total timeout', async () => {
    const started = Date.now();
    const error = await failure(requestJson(`${base}/hang`, { timeoutMs: 150 }));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a refused connection as network, naming the host but not the URL or the error code', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(requestJson(`http://127.0.0.1:${port}/secret?token=abc`));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(`Could not connect to 127.0.0.1:${port}`);
  });

  it('honours a caller abort signal', async () => {
    const controller = new AbortController();
    const pending = requestJson(`${base}/hang`, { signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).kind).toBe('network');
  });
});
