import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fakeTimers } from '../faults';
import { makeCertificate } from './certs';
import { type RouteContext, route, sendPage } from './routes';

/**
 * Local sites for our own checks to watch (tests, the demo, the benchmark of 10,000 checks a minute):
 * plain HTTP, and
 * optionally HTTPS with a fresh short-lived self-signed certificate plus a second HTTPS port whose
 * certificate has expired. Cheap per request (pre-built pages, keep-alive, no per-request records
 * beyond a counter), so one process can take 10,000 checks a minute.
 */
export type FakeTargetsOptions = {
  /** Address to listen on: 127.0.0.1 by default (127.0.0.2 lets a test redirect to 127.0.0.1). */
  host?: string;
  port?: number;
  /** Also serve HTTPS: a certificate valid for `certDays` days, and one that has expired. */
  https?: boolean;
  httpsPort?: number;
  /** Days until the valid certificate expires (default 10: inside the 14-day warning). */
  certDays?: number;
  /** Default wait of /slow and /slow-body. */
  slowMs?: number;
  /** Length of each up and each down phase of /flap. */
  flapPeriodMs?: number;
  /** Named sites for /site/{name}: name → path served ("/slow?ms=3000", "/flap", "/wordpress/db-error"). */
  sites?: Record<string, string>;
};

export async function startFakeTargets(options: FakeTargetsOptions = {}) {
  const host = options.host ?? '127.0.0.1';
  const { delay, clear } = fakeTimers();
  const ctx: RouteContext = {
    delay,
    slowMs: options.slowMs ?? 3000,
    flapPeriodMs: options.flapPeriodMs ?? 60_000,
    startedAt: Date.now(),
    sites: new Map(Object.entries(options.sites ?? {})),
  };
  const stats = { requests: 0 };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    stats.requests++;
    route(req, res, ctx).catch(() => {
      if (!res.headersSent) sendPage(res, 500, 'down');
    });
  };

  const servers: Server[] = [];
  const listen = async (server: Server, port = 0) => {
    server.keepAliveTimeout = 5_000;
    server.on('clientError', (_error, socket) => socket.destroy()); // checks hang up mid-answer
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    return (server.address() as AddressInfo).port;
  };
  const hostInUrl = host.includes(':') ? `[${host}]` : host;

  const httpPort = await listen(createServer(handle), options.port);
  let https: { url: string; expiredUrl: string; ca: string; expiredCa: string; validTo: Date } | undefined;
  if (options.https) {
    const [valid, expired] = await Promise.all([
      makeCertificate({ days: options.certDays ?? 10 }),
      makeCertificate({ days: -2 }),
    ]);
    const port = await listen(
      createHttpsServer({ key: valid.key, cert: valid.cert }, handle),
      options.httpsPort,
    );
    const expiredPort = await listen(createHttpsServer({ key: expired.key, cert: expired.cert }, handle));
    https = {
      url: `https://${hostInUrl}:${port}`,
      expiredUrl: `https://${hostInUrl}:${expiredPort}`,
      ca: valid.cert,
      expiredCa: expired.cert,
      validTo: valid.validTo,
    };
  }

  return {
    /** http://127.0.0.1:PORT (no trailing slash). */
    url: `http://${hostInUrl}:${httpPort}`,
    /**
     * Present when started with https: the address with the valid certificate, the one with the expired
     * certificate, and each certificate (PEM) to trust it by, so a test can make expiry the only fault.
     */
    https,
    stats,
    /** Points /site/{name} at another path, e.g. to take a demo site down. */
    setSite(name: string, path: string) {
      ctx.sites.set(name, path);
    },
    async close() {
      clear();
      await Promise.all(
        servers.map((server) => {
          server.closeAllConnections();
          return new Promise<void>((resolve) => server.close(() => resolve()));
        }),
      );
    },
  };
}

export type FakeTargets = Awaited<ReturnType<typeof startFakeTargets>>;
