import type { Site } from '@shared/sites';
import type { Website } from '@shared/websites';
import { describe, expect, it } from 'vitest';
import { ALL, filterSites, isStaging, websitesById } from './filter';

const site = (id: number, url: string, server_id: number | null, website_id: number | null): Site => ({
  id,
  url,
  status: 'active',
  php_version: '8.2',
  server_id,
  server_label: server_id ? `srv-${server_id}` : null,
  type: null,
  is_ssl: true,
  ssl_status: null,
  nginx_caching: null,
  website_id,
});
const website = (id: number, tagIds: number[]): Website => ({
  id,
  name: `w${id}`,
  domain: `w${id}.test`,
  integrationProvider: 'gridpane',
  providerSiteId: null,
  serverId: null,
  status: 'active',
  environment: 'production',
  removed: false,
  clientId: null,
  tags: tagIds.map((t) => ({ id: t, name: `t${t}`, color: '#3b82f6' })),
});

const sites = [
  site(1, 'alpha.example.com', 10, 100),
  site(2, 'Beta.example.org', 10, 101),
  site(3, 'staging.alpha.example.com', 20, null),
];
const tags = websitesById([website(100, [7]), website(101, [7, 8])]);
const none = { search: '', serverId: ALL, tagId: ALL };

describe('filterSites', () => {
  it('keeps everything without filters', () => {
    expect(filterSites(sites, none, tags)).toHaveLength(3);
  });
  it('searches the url, ignoring case and surrounding spaces', () => {
    expect(filterSites(sites, { ...none, search: ' BETA ' }, tags).map((s) => s.id)).toEqual([2]);
    expect(filterSites(sites, { ...none, search: 'alpha' }, tags).map((s) => s.id)).toEqual([1, 3]);
  });
  it('filters by server id', () => {
    expect(filterSites(sites, { ...none, serverId: '20' }, tags).map((s) => s.id)).toEqual([3]);
  });
  it('filters by tag through the internal website, leaving out sites without one', () => {
    expect(filterSites(sites, { ...none, tagId: '7' }, tags).map((s) => s.id)).toEqual([1, 2]);
    expect(filterSites(sites, { ...none, tagId: '8' }, tags).map((s) => s.id)).toEqual([2]);
  });
  it('combines the filters', () => {
    expect(
      filterSites(sites, { search: 'alpha', serverId: '10', tagId: '7' }, tags).map((s) => s.id),
    ).toEqual([1]);
  });
});

describe('isStaging', () => {
  it('prefers the internal website environment, else reads the url', () => {
    expect(isStaging(sites[2]!)).toBe(true);
    expect(isStaging(sites[0]!)).toBe(false);
    expect(isStaging(sites[0]!, { environment: 'staging' })).toBe(true);
  });
});
