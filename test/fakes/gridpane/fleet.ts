import { makeDomain, makeSites, makeSystemUser } from './fleet-sites';
import { createRandom, iso, type Random } from './random';

/**
 * A realistic GridPane account, as raw API JSON (the fake serves these objects as-is). Secrets are
 * present on purpose (`server_key`, system-user `password`, DNS `token`/`secret`, all "REDACTED-…")
 * so tests can prove the client strips them. The Better Uptime and WordPress fakes reuse `sites[].url`.
 */
export type RawObject = Record<string, unknown> & { id: number };
export type Fleet = {
  user: RawObject;
  servers: RawObject[];
  sites: RawObject[];
  systemUsers: RawObject[];
  domains: RawObject[];
};
export type FleetOptions = { servers?: number; sites?: number; seed?: number };

/** [region slug, region label, short code for server labels like "prod-nyc-01"] */
type ProviderSeed = { id: number; name: string; full_name: string; regions: [string, string, string][] };
const PROVIDERS: ProviderSeed[] = [
  {
    id: 2,
    name: 'digitalocean',
    full_name: 'DigitalOcean',
    regions: [
      ['nyc1', 'New York 1', 'nyc'],
      ['sfo3', 'San Francisco 3', 'sfo'],
      ['ams3', 'Amsterdam 3', 'ams'],
    ],
  },
  {
    id: 3,
    name: 'vultr',
    full_name: 'Vultr',
    regions: [
      ['ewr', 'New Jersey', 'ewr'],
      ['lax', 'Los Angeles', 'lax'],
      ['fra', 'Frankfurt', 'fra'],
    ],
  },
  {
    id: 4,
    name: 'linode',
    full_name: 'Linode',
    regions: [
      ['us-east', 'Newark, NJ', 'nwk'],
      ['eu-west', 'London, UK', 'lon'],
    ],
  },
  {
    id: 5,
    name: 'upcloud',
    full_name: 'UpCloud',
    regions: [
      ['us-chi1', 'Chicago #1', 'chi'],
      ['de-fra1', 'Frankfurt #1', 'fra'],
    ],
  },
  {
    id: 6,
    name: 'aws-lightsail',
    full_name: 'AWS Lightsail',
    regions: [
      ['us-east-1', 'Virginia', 'iad'],
      ['eu-west-2', 'London', 'lon'],
    ],
  },
];
const pad = (n: number) => String(n).padStart(2, '0');

export function generateFleet(options: FleetOptions = {}): Fleet {
  const random = createRandom(options.seed ?? 1);
  const servers = Array.from({ length: options.servers ?? 5 }, (_, i) => makeServer(random, i));
  const sites = makeSites(random, servers, options.sites ?? 40);
  const systemUsers = sites
    .filter((site) => site.type === 'primary')
    .map((site, i) => makeSystemUser(site, i));
  // Indexes rather than searches, so a fleet of 20,000 sites is generated in linear time.
  const ownerOf = new Map<number, number>();
  for (const u of [...systemUsers].reverse())
    for (const s of u.sites as { id: number }[]) ownerOf.set(s.id, u.id);
  for (const site of sites) site.system_user_id = ownerOf.get(site.id) ?? null;
  const sitesOf = groupBy(sites, (s) => s.server_id);
  const usersOf = groupBy(systemUsers, (u) => u.server_id);
  for (const server of servers) {
    server.sites = (sitesOf.get(server.id) ?? []).map((s) => ({ id: s.id, url: s.url }));
    server.system_users = (usersOf.get(server.id) ?? []).map((u) => ({ id: u.id, username: u.username }));
  }
  const user = {
    id: 1356,
    name: 'Acme Agency',
    email: 'ops@acme.example',
    created_at: iso(-7000),
    updated_at: iso(100),
    teams: [{ id: 812, name: 'Acme Agency' }],
  };
  return { user, servers, sites, systemUsers, domains: sites.map(makeDomain) };
}

function groupBy(items: RawObject[], key: (item: RawObject) => unknown): Map<unknown, RawObject[]> {
  const out = new Map<unknown, RawObject[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function makeServer(random: Random, i: number): RawObject {
  const provider = random.pick(PROVIDERS);
  const [region, regionLabel, code] = random.pick(provider.regions);
  const env = i === 0 ? 'prod' : random.pick(['prod', 'prod', 'staging', 'dev'] as const);
  const label = `${env}-${code}-${pad(i + 1)}`;
  const cpu = random.pick([1, 2, 2, 4, 8]);
  const ram = cpu * 2048;
  // cpu/ram types differ between observed clients: strings, numbers, and the odd null.
  const asString = random.chance(0.5);
  return {
    id: 33046 + i * 17,
    label,
    ip: `${i % 2 === 0 ? '203.0.113' : '198.51.100'}.${10 + (Math.floor(i / 2) % 240)}`,
    region,
    region_label: regionLabel,
    sub_id: String(318845512 + i),
    subdomain: `${label}-${(1000 + i * 37).toString(16)}.gridpanevps.com`,
    database: random.pick(['percona', 'mariadb'] as const),
    webserver: random.pick(['nginx', 'nginx', 'openlitespeed'] as const),
    os_version: random.pick(['20.04', '22.04', '22.04', '24.04'] as const),
    status: i === 4 ? 'building' : 'active',
    cpu: i === 3 ? null : asString ? String(cpu) : cpu,
    ram: i === 3 ? null : asString ? String(ram) : ram,
    user_id: 1356,
    provider_id: provider.id,
    failover_id: null,
    uuid: `3f0c9a52-6a0e-4c55-9a7e-${String(i).padStart(12, '0')}`,
    server_key: `REDACTED-server-key-${i}`,
    us_enabled: false,
    update_backups: true,
    is_paired: false,
    is_preemptive_support_on: random.chance(0.5) ? 1 : 0,
    is_multisite_preemptive_support_on: 0,
    beta_server: 0,
    is_busy: 0,
    sites: [],
    system_users: [],
    ssh_keys: [
      { id: 7781 + i * 2, name: 'deploy-key' },
      ...(random.chance(0.5) ? [{ id: 7782 + i * 2, name: 'ops-laptop' }] : []),
    ],
    provider: {
      id: provider.id,
      name: provider.name,
      full_name: provider.full_name,
      logo_path: `/img/providers/${provider.name}.svg`,
    },
    created_at: iso(-5000 + i * 24),
    updated_at: iso(i * 3),
  };
}
