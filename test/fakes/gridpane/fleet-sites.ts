import type { RawObject } from './fleet';
import { agencyDomain, iso, plain, type Random } from './random';

const PHP = ['7.4', '8.0', '8.1', '8.1', '8.2', '8.2', '8.2', '8.3', '8.3'] as const;

/**
 * Unique client domains spread over the servers; about one in eight is a staging copy of an earlier one.
 * Linear in `count` (20,000 sites in well under a second): the primaries without a staging copy are
 * kept as a list in site order rather than recomputed for every site, with the same picks as before.
 */
export function makeSites(random: Random, servers: RawObject[], count: number): RawObject[] {
  const sites: RawObject[] = [];
  const used = new Set<string>();
  const byId = new Map(servers.map((s) => [s.id, s]));
  const primaries: RawObject[] = []; // primary sites without a staging copy yet, in site order
  for (let i = 0; i < count; i++) {
    const staging = primaries.length > 2 && random.chance(0.12);
    const source = staging ? random.pick(primaries) : undefined;
    let url = source ? `staging.${source.url}` : agencyDomain(random);
    while (used.has(url)) url = agencyDomain(random); // staging URLs are unique: one per primary
    used.add(url);
    const server = source ? byId.get(source.server_id as number)! : random.pick(servers);
    const site = makeSite(random, i, url, server, staging);
    sites.push(site);
    if (source) primaries.splice(primaries.indexOf(source), 1);
    else primaries.push(site);
  }
  return sites;
}

function makeSite(random: Random, i: number, url: string, server: RawObject, staging: boolean): RawObject {
  const roll = random.next();
  const sslStatus = roll < 0.85 ? 'succeed' : roll < 0.95 ? 'pending' : 'failed';
  return {
    id: 495737 + i * 11,
    url,
    server_id: server.id,
    user_id: 1356,
    system_user_id: null,
    php_version: random.pick(PHP),
    is_ssl: sslStatus === 'succeed',
    ssl_status: sslStatus,
    is_wsod: i === 7,
    is_sso: random.chance(0.3) ? 1 : 0,
    type: staging ? 'staging' : 'primary',
    resolved_at: sslStatus === 'pending' ? null : plain(i * 5),
    built_at: plain(i * 5 + 1),
    nginx_caching: random.pick(['redis', 'redis', 'fastcgi', 'none'] as const),
    waf: random.pick(['7G', '6G', 'modsec', null] as const),
    pm: 'dynamic',
    memory_limit: 256,
    multisites: 0,
    is_monitored: false,
    monitor_status: null,
    automatic_updates: random.chance(0.4),
    remote_bup: true,
    local_bup: true,
    bundle_id: null,
    domain_id: 540586 + i,
    created_at: iso(i * 5),
    updated_at: iso(i * 5 + 40),
    server: {
      id: server.id,
      label: server.label,
      ip: server.ip,
      region: server.region,
      region_label: server.region_label,
      status: server.status,
      webserver: server.webserver,
      os: 'ubuntu',
      server_timezone: 'UTC',
    },
  };
}

export function makeSystemUser(site: RawObject, i: number): RawObject {
  const username = String(site.url).split('.')[0]!.slice(0, 24);
  return {
    id: 123456 + i * 3,
    username,
    details: `"Username updated: ${username} | Password authentication: yes | SSH Access: true "`,
    status: 'succeed',
    public_key: null,
    server_id: site.server_id,
    user_id: 1356,
    restricted_site_id: null,
    restricted_path: null,
    sudo: false,
    ssh_access: i % 3 !== 0,
    password: `REDACTED-password-${i}`,
    is_primary: true,
    is_primary_with_no_restricted_users: true,
    sites: [{ id: site.id, url: site.url }],
  };
}

export function makeDomain(site: RawObject, i: number): RawObject {
  return {
    id: 540586 + i,
    url: site.url,
    route: site.type === 'staging' ? 'none' : 'root',
    type: site.type,
    dns_management_id: 1374,
    creds_need_updating: false,
    is_ssl: site.is_ssl,
    ssl_status: site.ssl_status,
    dns_connection_type: 'none',
    site_id: site.id,
    user_id: 1356,
    server_id: site.server_id,
    resolved_at: site.resolved_at,
    status: null,
    is_wildcard: false,
    created_at: site.created_at,
    updated_at: site.updated_at,
    deleted_at: null,
    user_dns: {
      id: 1374,
      user_id: 1356,
      dns_provider_id: 0,
      integration_name: 'DNS Integration Name',
      token: `REDACTED-dns-token-${i}`,
      secret: `REDACTED-dns-secret-${i}`,
      provider: { id: 0, name: 'none' },
    },
  };
}
