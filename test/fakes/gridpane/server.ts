import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FailureOptions, FailureSchedule, fakeTimers, trickleBody } from '../faults';
import type { FakeBackup, FakeRestore } from './backups';
import { type Fleet, generateFleet } from './fleet';
import { cooldownHeaders, createLimiter, type LimitSettings } from './limits';
import { type FailureMode, paginate, send, sendFailure, type Wrapper, wrapSingle } from './respond';
import { createRouter } from './routes';
import type { FakeWpCliRun, OnWpCli } from './wp-cli';

/** A real HTTP GridPane on 127.0.0.1, faithful to the real API's shapes and limits, for tests and demos. */
export type FakeGridPaneOptions = {
  token?: string;
  servers?: number;
  sites?: number;
  seed?: number;
  endpointLimit?: number;
  listPageCost?: number;
  windowSeconds?: number;
  totalLimit?: number;
  wrapper?: Wrapper;
  /** Page size when the client sends no per_page (GridPane: ~10–15). */
  defaultPerPage?: number;
  /** Cap on per_page (GridPane: 500); set it low to force several pages. */
  maxPerPage?: number;
  /** Added to every answer, so overlapping requests would be visible in `requests`. */
  latencyMs?: number;
  /** How long 'slow' waits before answering, and how long 'slow_body' spreads its body over. */
  slowMs?: number;
  /** The moment backups are generated relative to; Date.now() at each request unless a test pins it. */
  backupsNow?: () => number;
  /**
   * Called for every WP-CLI run the fake accepts (`PUT /site/run-wp-cli/{id}`), with the site and its
   * commands, before GridPane answers: a test plays the site changing here (`connectWpCli`).
   */
  onWpCli?: OnWpCli;
  /**
   * How long a manual backup takes on the server: it shows in the site's list only this long after it
   * was asked for (0: at once). GridPane's answer to the request says it started, never that it ended.
   */
  backupTakesMs?: number;
  port?: number;
};

/** `at`/`doneAt` (ms since epoch) let tests prove requests never overlapped; `status` is what we answered. */
export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  at: number;
  doneAt?: number;
  status?: number;
  /** A write's body as sent (text; JSON a test can parse); absent on a GET. */
  body?: string;
};
/** `after`: answer that many requests normally first; `times`: fail only that many, then recover. */

export const API_PREFIX = '/oauth/api/v1';
export const DEFAULT_FAKE_TOKEN = 'fake-gridpane-token';

export async function startFakeGridPane(options: FakeGridPaneOptions = {}) {
  const token = options.token ?? DEFAULT_FAKE_TOKEN;
  const fleet: Fleet = generateFleet({ servers: options.servers, sites: options.sites, seed: options.seed });
  const limiter = createLimiter({
    endpointLimit: options.endpointLimit ?? 12,
    listPageCost: options.listPageCost ?? 2,
    windowSeconds: options.windowSeconds ?? 60,
    totalLimit: options.totalLimit ?? 60,
  });
  /** The backups clients asked for, per site: listed with the generated ones from then on. */
  const addedBackups = new Map<number, FakeBackup[]>();
  /** The restores clients asked for and the fake accepted, in order. */
  const restores: FakeRestore[] = [];
  /** The WP-CLI runs clients asked for and the fake accepted, in order. */
  const wpCli: FakeWpCliRun[] = [];
  const route = createRouter(
    fleet,
    options.backupsNow,
    addedBackups,
    restores,
    { runs: wpCli, onWpCli: options.onWpCli },
    options.backupTakesMs,
  );
  const requests: RecordedRequest[] = [];
  const { delay, clear } = fakeTimers();
  const failures = new FailureSchedule<FailureMode>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      at: Date.now(),
    };
    requests.push(record);
    res.on('finish', () => {
      record.doneAt = Date.now();
      record.status = res.statusCode;
    });
    if (record.method !== 'GET') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      record.body = Buffer.concat(chunks).toString('utf8');
    }
    if (options.latencyMs) await delay(options.latencyMs);

    const mode = failures.take();
    if (mode === 'slow') await delay(options.slowMs ?? 3000);
    else if (mode === 'slow_body') trickleBody(res, options.slowMs ?? 3000, delay);
    else if (mode) {
      return sendFailure(
        res,
        mode,
        cooldownHeaders(Date.now() + limiter.settings.windowSeconds * 1000, Date.now()),
      );
    }
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(res, 401, { message: 'Unauthenticated.' });
    if (!url.pathname.startsWith(API_PREFIX)) return send(res, 404, { message: 'Not Found' });
    const path = url.pathname.slice(API_PREFIX.length);
    const found = route(record.method, path, `${url.origin}${API_PREFIX}`, record.body);
    if (!found) return send(res, 404, { message: 'Not Found' });

    const limit = limiter.take(found.endpoint, Boolean(found.list));
    if (!limit.ok) return send(res, 429, { message: "Beep, Beep, you're going too fast..." }, limit.headers);
    if (found.write) {
      const answer = found.write();
      return send(res, answer.status, answer.body, limit.headers);
    }
    if (found.list) {
      const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
      const asked =
        Number.parseInt(url.searchParams.get('per_page') ?? '', 10) || (options.defaultPerPage ?? 15);
      const perPage = Math.min(Math.max(1, asked), options.maxPerPage ?? 500);
      return send(res, 200, paginate(found.list.items, page, perPage, found.list.path), limit.headers);
    }
    if (found.body !== undefined) return send(res, 200, found.body, limit.headers);
    if (!found.item) return send(res, 404, { message: 'Not Found' }, limit.headers);
    return send(
      res,
      200,
      wrapSingle(found.item, options.wrapper ?? 'data', found.name ?? 'data'),
      limit.headers,
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { message: 'Fake GridPane crashed' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${API_PREFIX}`,
    token,
    fleet,
    requests,
    /** Every request that was not a GET, in order, with its body: what a client asked GridPane to do. */
    writes: () => requests.filter((r) => r.method !== 'GET'),
    /** The restores the fake accepted (`POST /backups/restore/{id}`), in order: what was put back where. */
    restores,
    /** The WP-CLI runs the fake accepted (`PUT /site/run-wp-cli/{id}`), in order: what ran on which site. */
    wpCli,
    setFailure(mode: FailureMode | null, failureOptions: FailureOptions = {}) {
      failures.set(mode, failureOptions);
    },
    setLimits(next: Partial<LimitSettings>) {
      limiter.update(next);
    },
    async close() {
      clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeGridPane = Awaited<ReturnType<typeof startFakeGridPane>>;
