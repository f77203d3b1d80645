import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBetterUptime } from '../../../../test/fakes/betteruptime';
import { fakeTime, localTargets, providerFailure } from '../../core/outbound/provider-test-helpers';
import { createBetterUptimeClient } from './client';
import { setup } from './test-helpers';

let fake: FakeBetterUptime | undefined;
let stub: Server | undefined;
afterEach(async () => {
  await fake?.close();
  stub?.closeAllConnections();
  await new Promise((resolve) => (stub ? stub.close(resolve) : resolve(undefined)));
  fake = stub = undefined;
});

/** Always answers `status` with the given headers: for waits the fake does not produce. */
async function stubAlways(status: number, headers: Record<string, string> = {}) {
  stub = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ errors: 'Slow down' }));
  });
  await new Promise<void>((resolve) => stub!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(stub.address() as AddressInfo).port}/api/v2`;
}

describe('Better Uptime client: retries', () => {
  it('waits the Retry-After of a 429, then succeeds', async () => {
    const time = fakeTime();
    const ctx = await setup({}, { sleep: time.sleep, clock: time.clock });
    fake = ctx.fake;
    fake.setFailure('rate_limited', { times: 1 });
    const result = await ctx.client.listMonitors();
    expect(result.partial).toBe(false);
    expect(time.waits).toEqual([1000]);
    expect(ctx.calls.map((c) => [c.status, c.attempt])).toEqual([
      [429, 0],
      [200, 1],
    ]);
  });

  it('backs off exponentially without Retry-After, then gives up with rate_limited', async () => {
    const time = fakeTime();
    const baseUrl = await stubAlways(429);
    const client = createBetterUptimeClient({
      baseUrl,
      token: 't-429',
      addressPolicy: localTargets,
      sleep: time.sleep,
      clock: time.clock,
    });
    const error = await providerFailure(client.getMonitor('1'));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 503, upstreamStatus: 429 });
    expect(error.message).toMatch(/^Better Uptime rate limit reached/);
    expect(time.waits.filter((w) => w >= 1000)).toEqual([2000, 4000, 8000]);
  });

  it('fails fast when Retry-After asks for longer than maxRetryWaitMs', async () => {
    const time = fakeTime();
    const baseUrl = await stubAlways(429, { 'retry-after': '600' });
    const client = createBetterUptimeClient({
      baseUrl,
      token: 't-long',
      addressPolicy: localTargets,
      sleep: time.sleep,
      clock: time.clock,
    });
    expect(await providerFailure(client.getMonitor('1'))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 600,
    });
    expect(time.waits.filter((w) => w >= 1000)).toEqual([]);
  });

  it('retries a 5xx three times, then throws server_error with the provider reason', async () => {
    const time = fakeTime();
    const ctx = await setup({}, { sleep: time.sleep, clock: time.clock });
    fake = ctx.fake;
    fake.setFailure('server_error');
    const error = await providerFailure(ctx.client.listMonitors());
    expect(error).toMatchObject({ kind: 'server_error', upstreamStatus: 500, provider: 'betteruptime' });
    expect(error.message).toBe(
      'Better Uptime is having trouble (HTTP 500): Something went wrong on our side',
    );
    expect(fake.requests).toHaveLength(4);
    expect(time.waits).toEqual([2000, 4000, 8000]);

    fake.setFailure('server_error', { times: 1 });
    expect((await ctx.client.listMonitors()).items.length).toBeGreaterThan(0);
  });

  it('keeps earlier pages when a later page fails (partial), and fails outright on page 1', async () => {
    const time = fakeTime();
    const ctx = await setup({ maxPerPage: 5 }, { sleep: time.sleep, clock: time.clock });
    fake = ctx.fake;
    fake.setFailure('malformed', { after: 1 });
    const result = await ctx.client.listMonitors();
    expect(result).toMatchObject({ partial: true, error: { kind: 'bad_response' } });
    expect(result.items).toHaveLength(5);
  });
});

describe('Better Uptime client: bad answers', () => {
  it.each([
    ['malformed', 'Better Uptime sent a response we could not read'],
    ['html', 'Better Uptime sent an HTML page instead of JSON'],
  ] as const)('turns a %s body into bad_response', async (mode, message) => {
    const ctx = await setup();
    fake = ctx.fake;
    fake.setFailure(mode);
    expect(await providerFailure(ctx.client.listMonitors())).toMatchObject({ kind: 'bad_response', message });
    expect(fake.requests).toHaveLength(1); // not retried: another try would get the same body
  });

  it('reads an `errors` object map into one short sentence', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    fake.setFailure('validation_error');
    const error = await providerFailure(ctx.client.getMonitor(fake.monitors[0]!.id));
    expect(error.message).toBe(
      'Better Uptime refused the request (HTTP 422): url is invalid; check_frequency must be one of 30, 60, 180',
    );
  });

  it('honours a short fetch timeout and does not retry it', async () => {
    const ctx = await setup({ slowMs: 2000 }, { fetchTimeoutMs: 150 });
    fake = ctx.fake;
    fake.setFailure('slow');
    const started = Date.now();
    const error = await providerFailure(ctx.client.listMonitors());
    expect(error).toMatchObject({ kind: 'timeout', status: 504 });
    expect(error.message).toBe('Better Uptime did not answer within 0.2 s');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fake.requests).toHaveLength(1);
  });

  it('does not follow a next link to another origin', async () => {
    const ctx = await setup({ maxPerPage: 5, linkOrigin: 'https://evil.example' });
    fake = ctx.fake;
    const result = await ctx.client.listMonitors();
    expect(result).toMatchObject({ partial: true, error: { kind: 'bad_response' } });
    expect(result.items).toHaveLength(5);
    expect(fake.requests).toHaveLength(1);
  });

  it('skips a broken item, and maps an unknown status to unknown', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    (fake.monitors[1] as { attributes: unknown }).attributes = null;
    fake.monitors[2]!.attributes.status = 'frozen';
    const result = await ctx.client.listMonitors();
    expect(result.skipped).toBe(1);
    expect(result.items).toHaveLength(fake.monitors.length - 1);
    expect(result.items.find((m) => m.id === fake!.monitors[2]!.id)!.attributes.status).toBe('unknown');
  });
});
