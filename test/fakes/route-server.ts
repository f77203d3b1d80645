import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FailureOptions, FailureSchedule, fakeTimers } from './faults';

/**
 * A small public-API fake on 127.0.0.1 made of routes: each route ("GET /core/version-check/1.7/") is a
 * handler that answers from the fake's state, which its test or the demo may change at any time. Every
 * request is recorded; each route can be made to fail on its own (a status, a cut-off body, a wait).
 * A path no route knows answers 404. The fakes of keyless public feeds (wordpress.org, endoflife.date)
 * are built on it: adding an endpoint is adding a route.
 */
export type FakeRequest = {
  method: string;
  url: URL;
  /** The request body as text (a form or JSON body of a POST), '' for none. */
  body: string;
  headers: IncomingMessage['headers'];
  /** The values of a route's `{name}` segments ("GET /sites/{id}" asked as /sites/abc: `{ id: 'abc' }`). */
  params: Record<string, string>;
};

/** What a route answers: JSON `body`, or `raw` text with its own content type. */
export type FakeAnswer = {
  status: number;
  body?: unknown;
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
};

export type RouteHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * How a route can fail: 500 with a JSON error, 429 with Retry-After, 200 whose JSON body is cut off
 * half way, 200 with an HTML page (a maintenance page in front of the API), or an answer that only
 * comes after `slowMs`.
 */
export type RouteFailure = 'server_error' | 'rate_limited' | 'truncated' | 'html' | 'slow';

export type RecordedFakeRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  userAgent: string | undefined;
  at: number;
  status?: number;
};

export type RouteServerOptions = {
  routes: Record<string, RouteHandler>;
  port?: number;
  /** How long 'slow' waits before answering. */
  slowMs?: number;
  /** The Retry-After (seconds) of 'rate_limited'. */
  retryAfterSeconds?: number;
};

const json = (res: ServerResponse, answer: FakeAnswer) => {
  const text = answer.raw ?? JSON.stringify(answer.body ?? null);
  res.writeHead(answer.status, {
    'content-type': answer.contentType ?? 'application/json; charset=UTF-8',
    ...answer.headers,
  });
  res.end(text);
};

export async function startRouteServer(options: RouteServerOptions) {
  const routes = new Map(Object.entries(options.routes));
  const failures = new Map<string, FailureSchedule<RouteFailure>>();
  const requests: RecordedFakeRequest[] = [];
  const { delay, clear } = fakeTimers();

  const scheduleOf = (route: string) => {
    if (!routes.has(route)) throw new Error(`The fake has no route ${route}`);
    let schedule = failures.get(route);
    if (!schedule) {
      schedule = new FailureSchedule<RouteFailure>();
      failures.set(route, schedule);
    }
    return schedule;
  };

  async function answerFailure(mode: RouteFailure, answer: () => Promise<FakeAnswer>): Promise<FakeAnswer> {
    switch (mode) {
      case 'server_error':
        return { status: 500, body: { error: 'internal_error', message: 'Internal Server Error' } };
      case 'rate_limited':
        return {
          status: 429,
          body: { error: 'too_many_requests', message: 'Too Many Requests' },
          headers: { 'retry-after': String(options.retryAfterSeconds ?? 60) },
        };
      case 'html':
        return {
          status: 200,
          contentType: 'text/html; charset=UTF-8',
          raw: '<!doctype html><html><title>Briefly unavailable for scheduled maintenance</title></html>',
        };
      case 'truncated': {
        const whole = await answer();
        const text = whole.raw ?? JSON.stringify(whole.body ?? null);
        return { ...whole, raw: text.slice(0, Math.max(1, Math.floor(text.length / 2))) };
      }
      case 'slow':
        await delay(options.slowMs ?? 3000);
        return answer();
    }
  }

  // Routes with `{name}` segments, matched when no route has the exact path.
  const patterns = [...routes.keys()]
    .filter((key) => key.includes('{'))
    .map((key) => {
      const names: string[] = [];
      const source = key.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { key, names, regex: new RegExp(`^${source}$`) };
    });

  function findRoute(method: string, pathname: string) {
    const exact = `${method} ${pathname}`;
    const handler = routes.get(exact);
    if (handler) return { key: exact, handler, params: {} };
    for (const pattern of patterns) {
      const match = pattern.regex.exec(exact);
      if (!match) continue;
      const params = Object.fromEntries(
        pattern.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
      );
      return { key: pattern.key, handler: routes.get(pattern.key)!, params };
    }
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const record: RecordedFakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      userAgent: req.headers['user-agent'],
      at: Date.now(),
    };
    requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: FakeRequest = {
      method: record.method,
      url,
      body: Buffer.concat(chunks).toString('utf8'),
      headers: req.headers,
      params: {},
    };
    const found = findRoute(record.method, url.pathname);
    if (!found) return json(res, { status: 404, body: { error: 'not_found' } });
    const { key, handler } = found;
    request.params = found.params;
    const answer = async () => handler(request);
    const mode = failures.get(key)?.take() ?? null;
    json(res, mode ? await answerFailure(mode, answer) : await answer());
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, { status: 500, body: { error: 'fake_crashed' } }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The fake's origin, `http://127.0.0.1:<port>`. */
    url: `http://127.0.0.1:${port}`,
    requests,
    /**
     * Makes one route fail (null: answer normally again). `after`: answer that many requests normally
     * first; `times`: fail only that many, then recover.
     */
    setFailure(route: string, mode: RouteFailure | null, opts: FailureOptions = {}) {
      scheduleOf(route).set(mode, opts);
    },
    async close() {
      clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type RouteServer = Awaited<ReturnType<typeof startRouteServer>>;
