import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../../src/server/config';
import * as http from '../../../src/server/core/outbound/provider-http';
import { secretBox } from '../../../src/server/core/secret-box';
import type { Database } from '../../../src/server/db/client';
import { createServices, type Services } from '../../../src/server/services';
import { startFakeBetterUptime } from '../../fakes/betteruptime';
import { startFakeGridPane } from '../../fakes/gridpane';
import { startFakeWordPress } from '../../fakes/wordpress';
import { createTestDatabase } from '../../support/database';

/**
 * Every outbound provider call connects within 5 s, finishes within 15 s and reads at most 10 MB. Read
 * off the calls the clients of the production services (built as main.ts builds them: no test
 * overrides) really make; http.test.ts and http-limits.test.ts prove requestJson enforces each limit
 * it is given.
 */
vi.mock('../../../src/server/core/outbound/provider-http', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/server/core/outbound/provider-http')>();
  return { ...actual, requestJson: vi.fn(actual.requestJson) };
});

/** "10 MB" read as the app has always meant it: 10 MiB. */
const LIMITS = { connectMs: 5_000, totalMs: 15_000, bytes: 10 * 1024 * 1024 };

let database: Database;
let services: Services;
const fakes = {
  gridpane: await startFakeGridPane({ sites: 2, servers: 1 }),
  betteruptime: await startFakeBetterUptime({ sites: ['example.com'] }),
  wordpress: await startFakeWordPress({ domains: ['example.com'] }),
};

beforeAll(async () => {
  database = await createTestDatabase();
  // Only the key box is given (it reads no provider setting) and private targets are allowed (the fakes
  // listen on this machine); everything else is production's default.
  const config = testConfig({ allowPrivateTargets: true });
  services = createServices(config, database, { box: secretBox(randomBytes(32)) });
});
afterAll(async () => {
  await database.close();
  await Promise.all(Object.values(fakes).map((f) => f.close()));
});

/** The limits in force for the requestJson calls `call` made, defaults filled in as requestJson does. */
async function limitsOf(call: () => Promise<unknown>) {
  const spy = vi.mocked(http.requestJson);
  spy.mockClear();
  await call();
  expect(spy).toHaveBeenCalled();
  return spy.mock.calls.map(([, options = {}]) => ({
    connectMs: options.connectTimeoutMs ?? http.DEFAULT_CONNECT_TIMEOUT_MS,
    totalMs: options.timeoutMs ?? http.DEFAULT_TIMEOUT_MS,
    bytes: options.maxBytes ?? http.DEFAULT_MAX_BYTES,
  }));
}

function expectWithinLimits(limits: { connectMs: number; totalMs: number; bytes: number }[]) {
  for (const limit of limits) {
    expect(limit.connectMs).toBeGreaterThan(0);
    expect(limit.connectMs).toBeLessThanOrEqual(LIMITS.connectMs);
    expect(limit.totalMs).toBeLessThanOrEqual(LIMITS.totalMs);
    expect(limit.bytes).toBeLessThanOrEqual(LIMITS.bytes);
  }
}

describe('time and size limits of the production provider clients', () => {
  it('requestJson defaults to 5 s to connect, 15 s in all, 10 MiB at most', () => {
    expect(http.DEFAULT_CONNECT_TIMEOUT_MS).toBe(LIMITS.connectMs);
    expect(http.DEFAULT_TIMEOUT_MS).toBe(LIMITS.totalMs);
    expect(http.DEFAULT_MAX_BYTES).toBe(LIMITS.bytes);
  });

  it('GridPane', async () => {
    const { gridpane } = fakes;
    const client = services.providers.gridpane({ baseUrl: gridpane.url, token: gridpane.token });
    expectWithinLimits(await limitsOf(() => client.listSites()));
  });

  it('Better Uptime', async () => {
    const { betteruptime } = fakes;
    const client = services.providers.betteruptime({ baseUrl: betteruptime.url, token: betteruptime.token });
    expectWithinLimits(await limitsOf(() => client.listMonitors()));
  });

  it('HD Snapshot: tighter still, as each call runs PHP on a client site', async () => {
    const { wordpress } = fakes;
    const limits = await limitsOf(() =>
      services.providers.snapshot({
        domain: 'example.com',
        token: wordpress.token,
        urlTemplate: wordpress.urlTemplate,
      }),
    );
    expectWithinLimits(limits);
    expect(limits).toEqual([{ connectMs: 5_000, totalMs: 10_000, bytes: 1024 * 1024 }]);
  });
});
