import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RequestJsonOptions, requestJson as send } from './provider-http';
import { localTargets, providerFailure } from './provider-test-helpers';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/gzip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return res.end(gzipSync(JSON.stringify({ padding: 'z'.repeat(5000) })));
    }
    if (req.url === '/bad-gzip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return res.end('{"not":"gzip"}');
    }
    if (req.url === '/trickle') {
      // Headers at once, then a byte now and then: only a limit that covers the body stops it.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
    res.writeHead(404);
    res.end();
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

describe('requestJson limits', () => {
  it('gives up connecting after the connect timeout, long before the total one', async () => {
    // A host whose name never resolves stands for one that never accepts the connection.
    const never = () => new Promise<never>(() => {});
    const started = performance.now();
    const error = await providerFailure(
      requestJson('http://unreachable.test/x', { resolver: never, connectTimeoutMs: 100, timeoutMs: 5000 }),
    );
    expect(error).toMatchObject({
      kind: 'network',
      message: 'Could not connect to unreachable.test within 0.1 s',
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('bounds a body that keeps trickling in by the total timeout', async () => {
    const started = performance.now();
    const error = await providerFailure(requestJson(`${base}/trickle`, { timeoutMs: 300 }));
    expect(error).toMatchObject({ kind: 'timeout', status: 504 });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('decodes a compressed body, and caps its decoded size', async () => {
    expect((await requestJson(`${base}/gzip`)).body).toEqual({ padding: 'z'.repeat(5000) });
    // ~60 bytes on the wire, 5 KB decoded: the cap is on what we would hold in memory.
    const error = await providerFailure(requestJson(`${base}/gzip`, { maxBytes: 1000 }));
    expect(error.kind).toBe('too_large');
    expect((await providerFailure(requestJson(`${base}/bad-gzip`))).kind).toBe('not_json');
  });
});
