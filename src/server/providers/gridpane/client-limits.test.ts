import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeGridPane } from '../../../../test/fakes/gridpane';
import { createGridPaneClient } from './client';
import { localTargets, providerFailure, setup } from './test-helpers';

let fake: FakeGridPane | undefined;
let stub: Server | undefined;
afterEach(async () => {
  await fake?.close();
  stub?.closeAllConnections();
  await new Promise((resolve) => (stub ? stub.close(resolve) : resolve(undefined)));
  fake = stub = undefined;
});

/** A server that answers 429 with the given headers `times` times, then a user. */
async function stub429(headers: Record<string, string>, times = 1) {
  let count = 0;
  stub = createServer((_req, res) => {
    const limited = count++ < times;
    res.writeHead(limited ? 429 : 200, { 'content-type': 'application/json', ...(limited ? headers : {}) });
    res.end(
      JSON.stringify(limited ? { message: "Beep, Beep, you're going too fast..." } : { data: { id: 1 } }),
    );
  });
  await new Promise<void>((resolve) => stub!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
}

/** Instant sleep that moves a fake clock, recording every wait. */
function fakeTime(start = Date.UTC(2025, 0, 1)) {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    clock: { now: () => new Date(now) },
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
  };
}

describe('GridPane client: rate limits', () => {
  it('waits the advised Retry-After-Endpoint after a 429, then succeeds; never two 429s in a row', async () => {
    const ctx = await setup({
      sites: 12,
      maxPerPage: 4,
      endpointLimit: 4,
      listPageCost: 2,
      windowSeconds: 1,
    });
    fake = ctx.fake;
    const result = await ctx.client.listSites();
    expect(result).toMatchObject({ partial: false });
    expect(result.items).toHaveLength(12);
    const statuses = fake.requests.map((r) => r.status);
    expect(statuses).toEqual([200, 200, 429, 200]);
    const [limited, retry] = [fake.requests[2]!, fake.requests[3]!];
    expect(retry.at - limited.at).toBeGreaterThanOrEqual(1000);
    expect(ctx.calls.map((c) => c.status)).toEqual([200, 200, 429, 200]);
  });

  it('falls back to X-RateLimit-Endpoint-Reset, then to 30 s', async () => {
    const time = fakeTime();
    const reset = String(time.clock.now().getTime() / 1000 + 7);
    let url = await stub429({ 'x-ratelimit-endpoint-reset': reset });
    const opts = {
      token: 't-reset',
      addressPolicy: localTargets,
      minSpacingMs: 0,
      clock: time.clock,
      sleep: time.sleep,
    };
    expect(await createGridPaneClient({ ...opts, baseUrl: url }).getUser()).toMatchObject({ id: 1 });
    expect(time.waits).toEqual([7250]);

    stub!.closeAllConnections();
    stub!.close();
    url = await stub429({});
    time.waits.length = 0;
    await createGridPaneClient({ ...opts, baseUrl: url }).getUser();
    expect(time.waits).toEqual([30_250]);
  });

  it('fails fast when the advised wait is too long, and gives up after repeated 429s', async () => {
    const time = fakeTime();
    const url = await stub429({ 'retry-after-endpoint': '27' }, 99);
    const opts = {
      baseUrl: url,
      token: 't-max',
      addressPolicy: localTargets,
      minSpacingMs: 0,
      clock: time.clock,
      sleep: time.sleep,
    };
    const tooLong = await providerFailure(
      createGridPaneClient({ ...opts, maxRateLimitWaitMs: 10_000 }).getUser(),
    );
    expect(tooLong).toMatchObject({ kind: 'rate_limited', status: 503, retryAfterSeconds: 27 });
    expect(time.waits).toEqual([]);

    const persistent = await providerFailure(createGridPaneClient(opts).getUser());
    expect(persistent.kind).toBe('rate_limited');
    expect(time.waits).toEqual([27_250, 27_250, 27_250]); // a full wait before every retry
  });
});

describe('GridPane client: one request at a time per token', () => {
  it('never overlaps requests, even across client instances', async () => {
    const ctx = await setup({ latencyMs: 30, sites: 20, maxPerPage: 10, endpointLimit: 100 });
    fake = ctx.fake;
    const other = createGridPaneClient({
      baseUrl: fake.url,
      token: fake.token,
      addressPolicy: localTargets,
      minSpacingMs: 0,
    });
    await Promise.all([
      ctx.client.listSites(),
      other.getUser(),
      ctx.client.listServers(),
      other.getSite(fake.fleet.sites[0]!.id),
    ]);
    const sorted = [...fake.requests].sort((a, b) => a.at - b.at);
    expect(sorted).toHaveLength(5);
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i]!.at).toBeGreaterThanOrEqual(sorted[i - 1]!.doneAt!);
  });

  it('leaves minSpacingMs between one answer and the next request', async () => {
    const ctx = await setup({}, { minSpacingMs: 120 });
    fake = ctx.fake;
    await Promise.all([ctx.client.getUser(), ctx.client.getUser(), ctx.client.getUser()]);
    const [a, b, c] = fake.requests;
    expect(b!.at - a!.doneAt!).toBeGreaterThanOrEqual(115);
    expect(c!.at - b!.doneAt!).toBeGreaterThanOrEqual(115);
  });
});
