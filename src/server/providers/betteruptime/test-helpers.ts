import { type FakeBetterUptimeOptions, startFakeBetterUptime } from '../../../../test/fakes/betteruptime';
import { generateFleet } from '../../../../test/fakes/gridpane';
import { localTargets } from '../../core/outbound/provider-test-helpers';
import { type BetterUptimeClientOptions, createBetterUptimeClient } from './client';

export const fleetDomains = (sites = 20, seed = 5) =>
  generateFleet({ servers: 3, sites, seed }).sites.map((s) => String(s.url));

/** A fake plus a client pointed at it; pacing off unless a test is about pacing. */
export async function setup(
  fakeOptions: FakeBetterUptimeOptions = {},
  clientOptions: Partial<BetterUptimeClientOptions> = {},
) {
  const fake = await startFakeBetterUptime({ sites: fleetDomains(), ...fakeOptions });
  const calls: { path: string; status: number | null; attempt: number }[] = [];
  const client = createBetterUptimeClient({
    baseUrl: fake.url,
    token: fake.token,
    addressPolicy: localTargets,
    maxRequestsPerSecond: Number.POSITIVE_INFINITY,
    onCall: ({ path, status, attempt }) => calls.push({ path, status, attempt }),
    ...clientOptions,
  });
  return { fake, client, calls };
}
