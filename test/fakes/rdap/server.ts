import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeTimers } from '../faults';
import { bootstrapFile, domainAnswer, errorAnswer, RDAP_CONTENT_TYPE } from './answers';

/**
 * A registry's RDAP service and IANA's bootstrap file on one local server, for tests and the demo.
 * GET /dns.json lists this server as the RDAP base of `tlds`; GET /rdap/domain/{name} answers per
 * the domain's case: an expiry (given, or a stable one derived from the name), no expiration event,
 * 404, 429 with Retry-After, slow, or 500. TLDs not in `tlds` have no RDAP service.
 */
export type RdapCase = 'ok' | 'no_expiration' | 'not_found' | 'rate_limited' | 'slow' | 'error';

export type FakeRdapOptions = {
  port?: number;
  tlds?: string[];
  cases?: Record<string, RdapCase>;
  /** Exact expiry per registered domain; others get a stable date 20–730 days ahead. */
  expiries?: Record<string, string | Date>;
  slowMs?: number;
  retryAfterSeconds?: number;
};

export type RdapRequest = { path: string; accept?: string; userAgent?: string; status?: number };

export const DEFAULT_RDAP_TLDS = ['com', 'net', 'org', 'uk', 'dev', 'test'];
const DAY_MS = 24 * 60 * 60 * 1000;
const DOMAIN_PATH = /^\/rdap\/domain\/([^/]+)$/;

export async function startFakeRdap(options: FakeRdapOptions = {}) {
  const startedAt = Date.now();
  const cases = new Map(Object.entries(options.cases ?? {}));
  const expiries = new Map(Object.entries(options.expiries ?? {}).map(([name, at]) => [name, new Date(at)]));
  const requests: RdapRequest[] = [];
  let bootstrapFails = false;
  const { delay, clear } = fakeTimers();

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': RDAP_CONTENT_TYPE, ...headers });
    res.end(JSON.stringify(body));
  };

  /** A stable expiry per name, so the demo shows the same dates on every start of the same day. */
  const defaultExpiry = (name: string) => {
    const days = 20 + (createHash('sha256').update(name).digest().readUInt32BE(0) % 711);
    return new Date(Math.floor(startedAt / DAY_MS) * DAY_MS + days * DAY_MS);
  };

  async function handle(req: IncomingMessage, res: ServerResponse, base: string) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const record: RdapRequest = { path, accept: req.headers.accept, userAgent: req.headers['user-agent'] };
    requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });
    if (path === '/dns.json') {
      if (bootstrapFails) return send(res, 500, errorAnswer(500, 'Internal Server Error', 'Try again later'));
      const tlds = options.tlds ?? DEFAULT_RDAP_TLDS;
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(bootstrapFile([[tlds, [`${base}/rdap/`]]])));
    }
    const match = DOMAIN_PATH.exec(path);
    if (!match) return send(res, 404, errorAnswer(404, 'Not Found', 'No such RDAP query'));
    const name = decodeURIComponent(match[1]!).toLowerCase();
    const mode = cases.get(name) ?? 'ok';
    if (mode === 'slow') await delay(options.slowMs ?? 3000);
    switch (mode) {
      case 'not_found':
        return send(res, 404, errorAnswer(404, 'Not Found', `${name} is not registered`));
      case 'rate_limited':
        return send(res, 429, errorAnswer(429, 'Too Many Requests', 'Query rate exceeded'), {
          'retry-after': String(options.retryAfterSeconds ?? 30),
        });
      case 'error':
        return send(res, 500, errorAnswer(500, 'Internal Server Error', 'Registry back end unavailable'));
      default: {
        const registeredAt = new Date(startedAt - 3 * 365 * DAY_MS);
        const expiresAt = mode === 'no_expiration' ? null : (expiries.get(name) ?? defaultExpiry(name));
        return send(res, 200, domainAnswer(name, { expiresAt, registeredAt }));
      }
    }
  }

  let base = '';
  const server = createServer((req, res) => {
    handle(req, res, base).catch(() =>
      send(res, 500, errorAnswer(500, 'Internal Server Error', 'Fake crashed')),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    bootstrapUrl: `${base}/dns.json`,
    requests,
    setCase(domain: string, mode: RdapCase) {
      cases.set(domain.toLowerCase(), mode);
    },
    setExpiry(domain: string, at: string | Date) {
      expiries.set(domain.toLowerCase(), new Date(at));
    },
    /** Makes /dns.json answer 500 (or answer again). */
    failBootstrap(fail: boolean) {
      bootstrapFails = fail;
    },
    async close() {
      clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeRdap = Awaited<ReturnType<typeof startFakeRdap>>;
