import { createRandom, type Random } from '../gridpane/random';

/**
 * Raw Better Uptime monitor objects (JSON:API), served as-is by the fake. Shapes follow the real
 * API: string ids, no `uptime` or response-time attributes (those come
 * from /sla and /response-times), `paused_at` set on paused monitors, null `last_checked_at` on pending.
 */
export type RawMonitor = { id: string; type: 'monitor'; attributes: Record<string, unknown> };
export type FakeMonitorStatus = 'up' | 'down' | 'paused' | 'pending' | 'validating' | 'maintenance';

const FREQUENCIES = [30, 60, 180, 180, 300] as const;
const ALL_REGIONS = ['us', 'eu', 'as', 'au'] as const;
/** Placed on distinct random monitors so every status shows up in any fleet of 8+ monitors. */
const SPECIAL: FakeMonitorStatus[] = [
  'down',
  'down',
  'down',
  'paused',
  'paused',
  'pending',
  'validating',
  'maintenance',
];
/** Monitors an agency keeps besides its client sites: the point is that they match no site. */
const EXTRAS = [
  { url: 'https://status.acme-agency.com', name: 'Agency status page', type: 'status' },
  { url: 'mail.acme-agency.com', name: 'Agency mail server', type: 'ping' },
  { url: 'https://acme-agency.com/wp-login.php', name: 'Agency site login', type: 'keyword' },
] as const;

export const monitorTimestamp = (ms: number) => new Date(ms).toISOString(); // "…T14:17:46.000Z"

export type MonitorsOptions = { sites: string[]; seed: number; now: number; extras?: number };

export function makeMonitors(options: MonitorsOptions): RawMonitor[] {
  const random = createRandom(options.seed);
  const specs = [
    ...options.sites.map((site) => {
      // Some monitors watch www.<domain> (and one a trailing slash): the app must normalise to join.
      const www = !site.startsWith('staging.') && random.chance(0.2);
      const slash = random.chance(0.05) ? '/' : '';
      const keyword = random.chance(0.12);
      return {
        url: `https://${www ? 'www.' : ''}${site}${slash}`,
        name: site,
        type: keyword ? 'keyword' : 'status',
      };
    }),
    ...EXTRAS.slice(0, options.extras ?? 2),
  ];
  const statuses: FakeMonitorStatus[] = specs.map(() => (random.chance(0.03) ? 'down' : 'up'));
  const slots = shuffle(
    random,
    specs.map((_, i) => i),
  );
  SPECIAL.forEach((status, i) => {
    if (i < slots.length) statuses[slots[i]!] = status;
  });
  let id = random.int(1_900_000, 2_300_000);
  return specs.map((spec, i) => {
    id += random.int(1, 900);
    return makeMonitor(random, String(id), spec, statuses[i]!, options.now);
  });
}

function makeMonitor(
  random: Random,
  id: string,
  spec: { url: string; name: string; type: string },
  status: FakeMonitorStatus,
  now: number,
): RawMonitor {
  const frequency = random.pick(FREQUENCIES);
  const created = now - random.int(30, 900) * 86_400_000;
  const regions = ALL_REGIONS.filter((r, i) => i < 2 || random.chance(0.6) || r === 'eu');
  return {
    id,
    type: 'monitor',
    attributes: {
      url: spec.url,
      pronounceable_name: spec.name,
      monitor_type: spec.type,
      monitor_group_id: null,
      last_checked_at: status === 'pending' ? null : monitorTimestamp(now - random.int(1, frequency) * 1000),
      status,
      policy_id: null,
      team_name: 'Acme Agency',
      required_keyword: spec.type === 'keyword' ? '</html>' : null,
      verify_ssl: true,
      check_frequency: frequency,
      call: false,
      sms: false,
      email: true,
      push: true,
      team_wait: null,
      http_method: 'get',
      request_timeout: 30,
      recovery_period: 180,
      request_headers: [],
      request_body: '',
      paused_at: status === 'paused' ? monitorTimestamp(now - random.int(1, 40) * 86_400_000) : null,
      created_at: monitorTimestamp(created),
      updated_at: monitorTimestamp(created + random.int(1, 20) * 86_400_000),
      ssl_expiration: 14,
      domain_expiration: 30,
      regions,
      maintenance_from: status === 'maintenance' ? '01:00:00' : null,
      maintenance_to: status === 'maintenance' ? '03:00:00' : null,
      maintenance_timezone: 'UTC',
      maintenance_days: status === 'maintenance' ? ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] : [],
      port: null,
      confirmation_period: 0,
      expected_status_codes: [],
    },
  };
}

/** Fisher–Yates with the fixture random, so the special statuses land in the same places per seed. */
function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
