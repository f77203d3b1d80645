import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedHook = { path: string; headers: Record<string, string>; body: string; at: number };

/**
 * A local webhook endpoint (Slack-compatible or generic) for tests and the demo: records every POST,
 * and can be told to fail (answer 503) for a while, like a receiver that is down.
 */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  let failingUntil = 0;
  /** The one path that fails, or undefined for all of them. */
  let failingPath: string | undefined;
  let refused = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      if (body.length < 1_000_000) body += chunk;
    });
    req.on('end', () => {
      if (Date.now() < failingUntil && (failingPath === undefined || req.url === failingPath)) {
        refused++;
        res.writeHead(503, { 'content-type': 'text/plain' });
        return void res.end('down for maintenance');
      }
      received.push({
        path: req.url ?? '/',
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body,
        at: Date.now(),
      });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** Refuses everything (503), or only what is posted to `path`, for this long from now. */
    failFor(ms: number, path?: string) {
      failingUntil = Date.now() + ms;
      failingPath = path;
    },
    get refused() {
      return refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
