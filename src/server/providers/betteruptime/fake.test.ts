import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeBetterUptime,
  makeMonitors,
  startFakeBetterUptime,
} from '../../../../test/fakes/betteruptime';
import { fleetDomains } from './test-helpers';

// The fake is test infrastructure other tests (and the demo) trust, so its Better Uptime behaviour is pinned.
let fake: FakeBetterUptime | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

// biome-ignore lint/suspicious/noExplicitAny: ad-hoc JSON probing in a test of the fake itself
type Json = Record<string, any>;

const get = async (path: string, token = fake!.token) => {
  const response = await fetch(`${fake!.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Json };
};

describe('fake Better Uptime', () => {
  it('generates the same monitors per seed, with every status and no uptime attribute', () => {
    const options = { sites: fleetDomains(40), seed: 3, now: Date.UTC(2025, 5, 1) };
    const monitors = makeMonitors(options);
    expect(makeMonitors(options)).toEqual(monitors);
    const statuses = monitors.map((m) => m.attributes.status);
    for (const s of ['up', 'down', 'paused', 'pending', 'validating', 'maintenance'])
      expect(statuses).toContain(s);
    for (const m of monitors) {
      expect(m.attributes).not.toHaveProperty('uptime');
      expect(m.attributes).not.toHaveProperty('paused');
    }
    expect(monitors.some((m) => String(m.attributes.url).startsWith('https://www.'))).toBe(true);
    expect(new Set(monitors.map((m) => m.attributes.monitor_type))).toEqual(
      new Set(['status', 'keyword', 'ping']),
    );
  });

  it('checks the bearer token and answers with string errors', async () => {
    fake = await startFakeBetterUptime({ sites: fleetDomains() });
    expect(await get('/monitors', 'nope')).toEqual({
      status: 401,
      body: { errors: 'Invalid Team API token' },
    });
    expect(await get('/monitors/1')).toEqual({
      status: 404,
      body: { errors: 'Resource with provided ID was not found' },
    });
  });

  it('pages 50 by default (max 250) with links on its own host, and filters exactly', async () => {
    fake = await startFakeBetterUptime({ sites: fleetDomains(120) });
    const first = await get('/monitors');
    expect(first.body.data).toHaveLength(50);
    expect(first.body.pagination.next).toBe(`${fake.url}/monitors?page=2&per_page=50`);
    expect((await get('/monitors?per_page=1000')).body.data).toHaveLength(122);
    const target = fake.monitors[7]!;
    const byUrl = await get(`/monitors?url=${encodeURIComponent(String(target.attributes.url))}`);
    expect(byUrl.body.data.map((m: { id: string }) => m.id)).toEqual([target.id]);
    const partialName = String(target.attributes.pronounceable_name).slice(0, 5);
    expect((await get(`/monitors?pronounceable_name=${partialName}`)).body.data).toEqual([]);
  });

  it('validates SLA dates like Better Uptime, and setStatus changes status and paused_at', async () => {
    fake = await startFakeBetterUptime({ sites: fleetDomains() });
    const id = fake.monitors[0]!.id;
    for (const query of [
      'from=yesterday&to=2025-01-01',
      'from=2999-01-01',
      'from=2025-02-01&to=2025-01-01',
      'from=2025-02-30',
    ]) {
      const answer = await get(`/monitors/${id}/sla?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toMatch(/^The data range is invalid\./);
    }
    expect((await get(`/monitors/${id}/sla`)).body.data.type).toBe('monitor_sla');
    fake.setStatus(id, 'paused');
    const site = fleetDomains()[3]!;
    const other = await startFakeBetterUptime({ sites: fleetDomains(), statuses: { [site]: 'maintenance' } });
    const watched = other.monitors.find((m) => String(m.attributes.url).includes(site))!;
    expect(watched.attributes.status).toBe('maintenance');
    await other.close();
    expect((await get(`/monitors/${id}`)).body.data.attributes).toMatchObject({
      status: 'paused',
      paused_at: expect.any(String),
    });
  });
});
