import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FailureOptions, FailureSchedule, fakeTimers } from '../faults';
import { send, sendRaw } from '../gridpane/respond';
import { fixedRecords, generatedRecord, type RawRecord, scannerRecord } from './records';

/**
 * Wordfence Intelligence's v3 vulnerability feed on 127.0.0.1, for tests and the demo: both feeds
 * (`/vulnerabilities/production` and `/vulnerabilities/scanner`) behind the bearer key, each one JSON
 * object keyed by record id. The body is streamed in chunks as it is made, never built whole, so a
 * fake of the real feed's size costs the fake no more memory than a small one.
 */
export type FakeWordfenceOptions = {
  apiKey?: string;
  /** Serve the fixed records (default true); without them and `records`, the feed is `{}` plus `extra`. */
  fixed?: boolean;
  /** Generated records served after the fixed ones (default none). */
  records?: number;
  seed?: number;
  /** Raw entries served after the rest, as given (junk, odd shapes), keyed by their feed key. */
  extra?: Record<string, unknown>;
  /** The `Retry-After` (seconds) of 'rate_limited'; Wordfence allows about one feed read per 30 minutes. */
  retryAfterSeconds?: number;
  port?: number;
};

/**
 * How the fake fails: 401 as for a refused key, 429 with Retry-After, 500, a 200 whose body stops
 * half way through a record ('truncated': the response ends cleanly; 'dropped': the connection is
 * cut), or a 200 HTML page (a maintenance page in front of the API).
 */
export type FakeWordfenceFailure =
  | 'unauthorized'
  | 'rate_limited'
  | 'server_error'
  | 'truncated'
  | 'dropped'
  | 'html';

export type RecordedWordfenceRequest = {
  method: string;
  path: string;
  /** Whether the request carried the right bearer key. */
  authorized: boolean;
  userAgent: string | undefined;
  at: number;
  status?: number;
};

export const DEFAULT_FAKE_WORDFENCE_KEY = 'fake-wordfence-intelligence-key';
export const PREFIX = '/api/intelligence/v3';
/** Records per written chunk: about 100 KB, a few writes per megabyte. */
const RECORDS_PER_CHUNK = 50;

/** Resolves when the client has taken what was written, or has gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export async function startFakeWordfence(options: FakeWordfenceOptions = {}) {
  const apiKey = options.apiKey ?? DEFAULT_FAKE_WORDFENCE_KEY;
  const seed = options.seed ?? 1;
  const fixed = options.fixed === false ? [] : fixedRecords();
  const generated = options.records ?? 0;
  const extra = Object.entries(options.extra ?? {});
  const total = fixed.length + generated + extra.length;
  const requests: RecordedWordfenceRequest[] = [];
  const failures = new FailureSchedule<FakeWordfenceFailure>();
  const { delay, clear } = fakeTimers();

  /** Entry `index` of the feed as `"key":{…}` text. */
  function entry(index: number, feed: 'production' | 'scanner'): string {
    let key: string;
    let value: unknown;
    if (index < fixed.length + generated) {
      const record: RawRecord =
        index < fixed.length ? fixed[index]! : generatedRecord(seed, index - fixed.length);
      key = String(record.id);
      value = feed === 'scanner' ? scannerRecord(record) : record;
    } else {
      [key, value] = extra[index - fixed.length - generated]!;
      if (feed === 'scanner' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        value = scannerRecord(value as RawRecord);
      }
    }
    return `${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }

  /** Writes the feed record by record in chunks, waiting whenever the client is slower than us. */
  async function streamFeed(
    res: ServerResponse,
    feed: 'production' | 'scanner',
    cut: 'truncated' | 'dropped' | null,
  ) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.on('error', () => {}); // a client may hang up part way (checkKey does, after one record)
    const stopAt = cut ? Math.floor(total / 2) : total;
    let chunk = '{';
    for (let i = 0; i < stopAt && !res.destroyed; i++) {
      chunk += `${i > 0 ? ',' : ''}${entry(i, feed)}`;
      if ((i + 1) % RECORDS_PER_CHUNK === 0) {
        if (!res.write(chunk)) await drained(res);
        chunk = '';
      }
    }
    if (res.destroyed) return;
    if (!cut) return void res.end(`${chunk}}`);
    // Half of the next record, then the end: the body stops inside a record.
    const next = stopAt < total ? `${stopAt > 0 ? ',' : ''}${entry(stopAt, feed)}` : '';
    res.write(`${chunk}${next.slice(0, Math.ceil(next.length / 2))}`);
    if (cut === 'truncated') res.end();
    else {
      // Let the written part reach the client, then cut the connection without ending the body.
      await delay(20);
      res.destroy();
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const authorized = req.headers.authorization === `Bearer ${apiKey}`;
    const record: RecordedWordfenceRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      authorized,
      userAgent: req.headers['user-agent'],
      at: Date.now(),
    };
    requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });
    res.on('close', () => {
      record.status ??= res.statusCode;
    });

    const match = /^\/vulnerabilities\/(production|scanner)$/.exec(
      url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : '',
    );
    if (req.method !== 'GET' || !match) return send(res, 404, { message: 'Not Found' });
    const feed = match[1] as 'production' | 'scanner';
    const mode = failures.take();
    if (mode === 'unauthorized' || !authorized) return send(res, 401, { message: 'Unauthorized' });
    switch (mode) {
      case 'rate_limited':
        return send(
          res,
          429,
          { message: 'Too Many Requests' },
          { 'retry-after': String(options.retryAfterSeconds ?? 1800) },
        );
      case 'server_error':
        return send(res, 500, { message: 'Internal Server Error' });
      case 'html':
        return sendRaw(
          res,
          200,
          'text/html; charset=UTF-8',
          '<!doctype html><html><title>Wordfence | Briefly unavailable for maintenance</title></html>',
        );
      default:
        return streamFeed(res, feed, mode);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { message: 'Fake Wordfence crashed' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** Stands for https://www.wordfence.com/api/intelligence/v3 (WORDFENCE_API_URL). */
    url: `http://127.0.0.1:${port}${PREFIX}`,
    apiKey,
    /** How many entries each feed has (fixed, generated and extra). */
    total,
    /** The fixed records as the production feed serves them. */
    fixed,
    requests,
    /** `after`: answer that many requests normally first; `times`: fail only that many, then recover. */
    setFailure(mode: FakeWordfenceFailure | null, opts: FailureOptions = {}) {
      failures.set(mode, opts);
    },
    async close() {
      clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeWordfence = Awaited<ReturnType<typeof startFakeWordfence>>;
