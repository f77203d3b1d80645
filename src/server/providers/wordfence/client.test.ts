import { spawn } from 'node:child_process';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWordfence, FIXED_IDS, startFakeWordfence } from '../../../../test/fakes/wordfence';
import { localTargets, providerFailure } from '../../core/outbound/provider-test-helpers';
import { USER_AGENT } from '../public-json';
import { createWordfenceClient, type WordfenceClientOptions } from './client';
import type { Vulnerability } from './parse';

// Wordfence Intelligence's feed through its client, against the local fake.
let wordfence: FakeWordfence;
beforeAll(async () => {
  wordfence = await startFakeWordfence({ records: 20, retryAfterSeconds: 1800 });
});
afterAll(async () => {
  await wordfence.close();
});

const client = (options: Partial<WordfenceClientOptions> = {}) =>
  createWordfenceClient({
    baseUrl: `${wordfence.url}/`,
    apiKey: wordfence.apiKey,
    addressPolicy: localTargets,
    ...options,
  });

async function readAll(feed: 'production' | 'scanner', options: Partial<WordfenceClientOptions> = {}) {
  const seen: Vulnerability[] = [];
  const read = await client(options).streamVulnerabilities(feed, (v) => {
    seen.push(v);
  });
  return { read, seen };
}

describe('the production feed', () => {
  it('is read whole, record by record, with the bearer key and our User-Agent', async () => {
    const { read, seen } = await readAll('production');
    expect(read).toEqual({ records: wordfence.total, skipped: 0, bytes: expect.any(Number) });
    expect(read.bytes).toBeGreaterThan(20 * 1000);
    expect(seen).toHaveLength(26);
    expect(new Set(seen.map((v) => v.id)).size).toBe(26);
    expect(wordfence.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/api/intelligence/v3/vulnerabilities/production',
      authorized: true,
      userAgent: USER_AGENT,
      status: 200,
    });

    const byId = new Map(seen.map((v) => [v.id, v]));
    expect(byId.get(FIXED_IDS.woocommerce)).toMatchObject({
      cvss: { score: 5.5, rating: 'Medium' },
      cve: 'CVE-2024-10001',
      software: [
        {
          type: 'plugin',
          slug: 'woocommerce',
          ranges: [
            { fromVersion: null, toVersion: '8.9.3' },
            { fromVersion: '9.0.0', toVersion: '9.3.3' },
          ],
        },
      ],
    });
    expect(byId.get(FIXED_IDS.astra)?.software[0]).toMatchObject({
      type: 'theme',
      ranges: [{ fromVersion: '4.0.0', fromInclusive: false, toVersion: '4.8.4', toInclusive: false }],
    });
    expect(byId.get(FIXED_IDS.core)?.software[0]).toMatchObject({ type: 'core', slug: 'wordpress' });
    expect(byId.get(FIXED_IDS.core)?.software[0]?.ranges).toHaveLength(3);
    expect(byId.get(FIXED_IDS.unscored)).toMatchObject({
      cvss: { score: null, rating: null },
      copyrights: { message: null, notices: [] },
      software: [{ patched: false }],
    });
    expect(byId.get(FIXED_IDS.unused)?.software[0]?.ranges).toEqual([
      { fromVersion: null, fromInclusive: true, toVersion: null, toInclusive: true },
    ]);
  });

  it('waits for a slow consumer rather than racing ahead', async () => {
    let inFlight = 0;
    let most = 0;
    await client().streamVulnerabilities('production', async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
    });
    expect(most).toBe(1);
  });
});

describe('the scanner feed', () => {
  it('has the same records without severity or remediation', async () => {
    const { read, seen } = await readAll('scanner');
    expect(read.records).toBe(wordfence.total);
    expect(wordfence.requests.at(-1)?.path).toBe('/api/intelligence/v3/vulnerabilities/scanner');
    for (const v of seen) {
      expect(v.cvss).toEqual({ score: null, rating: null, vector: null });
      expect(v.cve).toBeNull();
      expect(v.software.every((s) => s.remediation === null)).toBe(true);
    }
  });
});

describe('entries that are not records', () => {
  it('are counted as skipped; a feed with nothing usable is an error, not an empty world', async () => {
    const junk = await startFakeWordfence({
      extra: { 'not-a-record': 'oops', 'no-software': { id: 'no-software', title: 'x', software: [] } },
    });
    try {
      const options = { baseUrl: junk.url, apiKey: junk.apiKey };
      const { read } = await readAll('production', options);
      expect(read).toMatchObject({ records: junk.fixed.length, skipped: 2 });
    } finally {
      await junk.close();
    }
    const empty = await startFakeWordfence({ fixed: false, extra: { a: 1 } });
    try {
      const options = { baseUrl: empty.url, apiKey: empty.apiKey };
      expect(await providerFailure(readAll('production', options))).toMatchObject({
        kind: 'bad_response',
        message: 'Wordfence Intelligence sent a feed without a single record we could read',
      });
    } finally {
      await empty.close();
    }
  });
});

describe('failures', () => {
  it('names a refused key', async () => {
    const error = await providerFailure(readAll('production', { apiKey: 'wrong' }));
    expect(error).toMatchObject({
      kind: 'unauthorized',
      provider: 'wordfence',
      upstreamStatus: 401,
      message: 'Wordfence Intelligence refused the API key (HTTP 401)',
    });
    expect(wordfence.requests.at(-1)).toMatchObject({ authorized: false, status: 401 });
  });

  it('carries the wait Wordfence asks for after a 429', async () => {
    wordfence.setFailure('rate_limited', { times: 1 });
    expect(await providerFailure(readAll('production'))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 1800,
      upstreamStatus: 429,
      message: 'Wordfence Intelligence is limiting requests (HTTP 429): it asks us to wait 1800 s',
    });
  });

  it.each([
    ['server_error', 'server_error', 'Wordfence Intelligence failed (HTTP 500)'],
    ['unauthorized', 'unauthorized', 'Wordfence Intelligence refused the API key (HTTP 401)'],
    ['html', 'bad_response', 'Wordfence Intelligence sent an HTML page instead of its feed'],
  ] as const)('turns %s into a %s error', async (mode, kind, message) => {
    wordfence.setFailure(mode, { times: 1 });
    expect(await providerFailure(readAll('production'))).toMatchObject({
      kind,
      message,
      provider: 'wordfence',
    });
  });

  it.each([
    ['truncated', 'bad_response'],
    ['dropped', 'network'],
  ] as const)(
    'says a %s feed ended before it was complete, after some records were handed over',
    async (mode, kind) => {
      // Enough records that the first ones are handed over well before the body stops.
      const cut = await startFakeWordfence({ records: 500 });
      cut.setFailure(mode);
      const seen: string[] = [];
      try {
        const error = await providerFailure(
          client({ baseUrl: cut.url, apiKey: cut.apiKey }).streamVulnerabilities('production', (v) => {
            seen.push(v.id);
          }),
        );
        expect(error).toMatchObject({
          kind,
          message: "Wordfence Intelligence's feed ended before it was complete",
        });
      } finally {
        await cut.close();
      }
      // These belong to an unfinished import: the rejection is what tells the caller to drop them.
      expect(seen.length).toBeGreaterThan(100);
      expect(seen.length).toBeLessThan(cut.total / 2 + 1);
    },
  );

  it('gives back an error thrown by the consumer, unchanged, and stops reading', async () => {
    const mine = new Error('the database is gone');
    let calls = 0;
    const error = await client()
      .streamVulnerabilities('production', () => {
        calls++;
        throw mine;
      })
      .catch((e: unknown) => e);
    expect(error).toBe(mine);
    expect(calls).toBe(1);
  });

  it('stops at the time limit, at the size limit, and when cancelled', async () => {
    const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 100));
    expect(
      await providerFailure(client({ timeoutMs: 300 }).streamVulnerabilities('production', slow)),
    ).toMatchObject({
      kind: 'timeout',
      message: 'Wordfence Intelligence did not send its feed within 0.3 s',
    });
    expect(await providerFailure(readAll('production', { maxBytes: 4096 }))).toMatchObject({
      kind: 'bad_response',
      message: 'Wordfence Intelligence sent a feed larger than the 4 KiB we accept',
    });
    const controller = new AbortController();
    const cancelled = client().streamVulnerabilities('production', () => controller.abort(), {
      signal: controller.signal,
    });
    expect(await providerFailure(cancelled)).toMatchObject({ kind: 'network', message: /cancelled/ });
  });

  it('refuses a wrong address, a key over plain http, and an address the rule forbids', async () => {
    expect(await providerFailure(readAll('production', { baseUrl: `${wordfence.url}/nope` }))).toMatchObject({
      kind: 'not_found',
      message: expect.stringMatching(
        /^Wordfence Intelligence has no feed at 127\.0\.0\.1:\d+ \(HTTP 404\): check WORDFENCE_API_URL$/,
      ),
    });
    expect(
      await providerFailure(readAll('production', { baseUrl: 'http://feeds.example/api/intelligence/v3' })),
    ).toMatchObject({ kind: 'network', message: /WORDFENCE_API_URL must be an https:\/\// });
    expect(
      await providerFailure(readAll('production', { addressPolicy: { allowPrivate: false } })),
    ).toMatchObject({ kind: 'refused_address' });
  });
});

describe('checking the key', () => {
  it('reads the first scanner record and hangs up', async () => {
    const big = await startFakeWordfence({ records: 5000 });
    try {
      await createWordfenceClient({
        baseUrl: big.url,
        apiKey: big.apiKey,
        addressPolicy: localTargets,
      }).checkKey();
      expect(big.requests).toHaveLength(1);
      expect(big.requests[0]).toMatchObject({
        path: '/api/intelligence/v3/vulnerabilities/scanner',
        authorized: true,
      });
    } finally {
      await big.close();
    }
  });

  it('fails for a refused key and for a rate limit', async () => {
    expect(await providerFailure(client({ apiKey: 'wrong' }).checkKey())).toMatchObject({
      kind: 'unauthorized',
    });
    wordfence.setFailure('rate_limited', { times: 1 });
    expect(await providerFailure(client().checkKey())).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 1800,
    });
  });
});

/** V8's collector, to measure from a settled heap (tests run without --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * The fake in a process of its own (its demo entry), so that the heap measured is the client's alone:
 * the fake makes 120 MB of JSON text, whose garbage would otherwise be counted too.
 */
async function fakeInOwnProcess(
  env: Record<string, string>,
): Promise<{ url: string; key: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fakes/wordfence/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const found = await new Promise<RegExpExecArray>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const match = /WORDFENCE_API_URL=(\S+)\s+key: (\S+)/.exec(out);
      if (match) resolve(match);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the fake exited (${code}): ${out}`)));
  });
  return { url: found[1]!, key: found[2]!, stop: () => child.kill('SIGKILL') };
}

// Heavy: run once per test run (on PostgreSQL's pass when there is one), not once per database.
const once = process.env.TEST_DATABASE_URL ? process.env.TEST_DB_KIND === 'postgres' : true;

describe.runIf(once)('a feed of the real size', () => {
  // About 6 s on an idle machine; the limit leaves room for a busy one.
  it('is read with a flat heap: 40,000 records', { timeout: 60_000 }, async () => {
    const fake = await fakeInOwnProcess({ RECORDS: '40000', SEED: '7' });
    try {
      const gc = collector();
      gc();
      const before = process.memoryUsage().heapUsed;
      let peak = before;
      const started = performance.now();
      const read = await createWordfenceClient({
        baseUrl: fake.url,
        apiKey: fake.key,
        addressPolicy: localTargets,
      }).streamVulnerabilities('production', () => {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      });
      const seconds = (performance.now() - started) / 1000;
      gc();
      const after = process.memoryUsage().heapUsed;
      const growthMb = (peak - before) / 1024 / 1024;
      const retainedMb = (after - before) / 1024 / 1024;
      const feedMb = read.bytes / 1024 / 1024;
      console.log(
        `wordfence scale: ${read.records} records, ${feedMb.toFixed(1)} MB in ${seconds.toFixed(1)} s; ` +
          `heap peak +${growthMb.toFixed(1)} MB, retained +${retainedMb.toFixed(1)} MB`,
      );
      expect(read).toMatchObject({ records: 40_006, skipped: 0 });
      // The body is larger than the heap allowance: reading it whole could not stay under it.
      expect(feedMb).toBeGreaterThan(100);
      expect(growthMb).toBeLessThan(60);
      expect(retainedMb).toBeLessThan(10);
    } finally {
      fake.stop();
    }
  });
});
