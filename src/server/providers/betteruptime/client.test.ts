import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBetterUptime } from '../../../../test/fakes/betteruptime';
import { localTargets, providerFailure } from '../../core/outbound/provider-test-helpers';
import { createBetterUptimeClient } from './client';
import { monitorDomain } from './parse';
import { fleetDomains, setup } from './test-helpers';

let fake: FakeBetterUptime | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('Better Uptime client: reads', () => {
  it('walks every page with per_page=250 following pagination.next, keeping string ids', async () => {
    const ctx = await setup({ maxPerPage: 5 });
    fake = ctx.fake;
    const result = await ctx.client.listMonitors();
    expect(result).toMatchObject({ partial: false, skipped: 0 });
    expect(result.items.map((m) => m.id)).toEqual(fake.monitors.map((m) => m.id));
    for (const m of result.items) expect(typeof m.id).toBe('string');
    expect(fake.requests.map((r) => r.query.page ?? '1')).toEqual(['1', '2', '3', '4', '5']);
    expect(fake.requests[0]!.query).toEqual({ per_page: '250' });
    expect(ctx.calls.map((c) => c.status)).toEqual(Array(5).fill(200));
  });

  it('maps every status, keeps check_frequency in seconds, and only our attribute list', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    const { items } = await ctx.client.listMonitors();
    const statuses = new Set(items.map((m) => m.attributes.status));
    expect(statuses).toEqual(new Set(['up', 'down', 'paused', 'pending', 'validating', 'maintenance']));
    for (const m of items) {
      const raw = fake.monitors.find((r) => r.id === m.id)!;
      expect(m.attributes.check_frequency).toBe(raw.attributes.check_frequency);
      expect([30, 60, 180, 300]).toContain(m.attributes.check_frequency);
      expect(Object.keys(m.attributes).sort()).toEqual([
        'check_frequency',
        'created_at',
        'last_checked_at',
        'monitor_type',
        'paused_at',
        'pronounceable_name',
        'regions',
        'status',
        'url',
      ]);
    }
    const paused = items.filter((m) => m.attributes.status === 'paused');
    expect(paused.every((m) => m.attributes.paused_at !== null)).toBe(true);
    expect(items.find((m) => m.attributes.status === 'pending')!.attributes.last_checked_at).toBeNull();
  });

  it('has one monitor per fleet site (www. normalised) plus extras that match no site', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    const { items } = await ctx.client.listMonitors();
    const domains = items.map((m) => monitorDomain(m.attributes.url));
    expect(domains.filter((d) => fleetDomains().includes(d!)).sort()).toEqual([...fleetDomains()].sort());
    expect(items.length).toBe(fleetDomains().length + 2);
  });

  it('reads one monitor, its SLA and its response times (seconds → ms)', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    const down = fake.monitors.find((m) => m.attributes.status === 'down')!;
    const up = fake.monitors.find((m) => m.attributes.status === 'up')!;
    expect(await ctx.client.getMonitor(down.id)).toMatchObject({
      id: down.id,
      attributes: { status: 'down' },
    });

    const slaDown = await ctx.client.getSla(down.id, '2025-01-01', '2025-01-31');
    const slaUp = await ctx.client.getSla(up.id, '2025-01-01', '2025-01-31');
    expect(slaDown.availability).toBeLessThan(slaUp.availability);
    expect(slaDown.number_of_incidents).toBeGreaterThan(0);
    expect(await ctx.client.getSla(down.id, '2025-01-01', '2025-01-31')).toEqual(slaDown); // deterministic
    expect(fake.requests.at(-1)!.query).toEqual({ from: '2025-01-01', to: '2025-01-31' });

    const times = await ctx.client.getResponseTimes(up.id);
    expect(times.regions.length).toBeGreaterThanOrEqual(2);
    const request = await fetch(`${fake.url}/monitors/${up.id}/response-times`, {
      headers: { authorization: `Bearer ${fake.token}` },
    });
    const raw = (await request.json()) as {
      data: { attributes: { regions: { response_times: { response_time: number }[] }[] } };
    };
    const seconds = raw.data.attributes.regions[0]!.response_times[0]!.response_time;
    expect(seconds).toBeLessThan(5); // the fake really sends float seconds
    expect(times.regions[0]!.points[0]!.ms).toBe(Math.round(seconds * 1000));
    const all = times.regions.flatMap((r) => r.points.map((p) => p.ms));
    expect(times.averageMs).toBe(Math.round(all.reduce((a, b) => a + b, 0) / all.length));
  });

  it('gives not_found for an unknown id and refuses ids or dates that could bend the path', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    const missing = await providerFailure(ctx.client.getMonitor('999'));
    expect(missing).toMatchObject({ kind: 'not_found', status: 404, provider: 'betteruptime' });
    expect(missing.message).toContain('Resource with provided ID was not found');
    await expect(ctx.client.getMonitor('../users')).rejects.toBeInstanceOf(TypeError);
    await expect(ctx.client.getSla('1', '2025-1-1', '2025-01-31')).rejects.toBeInstanceOf(TypeError);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports Better Uptime 400 date-range errors as bad_response with its reason', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    const id = fake.monitors[0]!.id;
    const future = await providerFailure(ctx.client.getSla(id, '2999-01-01', '2999-01-02'));
    expect(future).toMatchObject({ kind: 'bad_response', upstreamStatus: 400 });
    expect(future.message).toBe(
      'Better Uptime refused the request (HTTP 400): The data range is invalid. The start date is in the future.',
    );
    const backwards = await providerFailure(ctx.client.getSla(id, '2025-02-01', '2025-01-01'));
    expect(backwards.message).toContain('end date is before the start date');
  });

  it('401 names Better Uptime and the token', async () => {
    const ctx = await setup({}, { token: 'wrong-token' });
    fake = ctx.fake;
    const error = await providerFailure(ctx.client.listMonitors());
    expect(error).toMatchObject({ kind: 'unauthorized', upstreamStatus: 401 });
    expect(error.message).toBe('Better Uptime rejected the API token (HTTP 401)');
  });

  it('paces requests on one token to maxRequestsPerSecond, across client instances', async () => {
    const ctx = await setup(
      { maxPerPage: 8 },
      { maxRequestsPerSecond: 20, token: 'fake-betteruptime-token' },
    );
    fake = ctx.fake;
    const other = createBetterUptimeClient({
      baseUrl: fake.url,
      token: fake.token,
      addressPolicy: localTargets,
      maxRequestsPerSecond: 20,
    });
    const id = fake.monitors[0]!.id;
    await Promise.all([ctx.client.listMonitors(), other.getMonitor(id), other.getResponseTimes(id)]);
    const starts = fake.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(starts).toHaveLength(5);
    // Pacing is measured where requests start (the client); arrival jitter at the fake can shift one gap,
    // so check the span: 5 requests at 20/s cannot arrive in much less than 4 × 50 ms.
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(170);
  });
});
