import type { ProviderList } from '../../core/outbound/provider-types';

/**
 * Our view of GridPane data: the only shapes the rest of the app sees. Field names keep GridPane's
 * snake_case, as the API contract in src/shared gives them; fields GridPane does not send (name,
 * ip_address, sites_count, php_versions, memory, site status) are derived in parse.ts / deriveServers.
 * No secrets, by design.
 */
export type GridPaneServer = {
  id: number;
  label: string;
  name: string;
  ip: string | null;
  ip_address: string | null;
  status: string;
  php_versions: string[];
  sites_count: number;
  memory: string | null;
  region: string | null;
  region_label: string | null;
  os_version: string | null;
  provider: { name: string; full_name: string } | null;
  cpu: number | null;
  ram: number | null;
  database: string | null;
  webserver: string | null;
  subdomain: string | null;
  sites: { id: number; url: string }[];
  system_users: { id: number; username: string }[];
  ssh_keys: { id: number; name: string }[];
};

export type GridPaneSiteStatus = 'active' | 'pending' | 'error';

export type GridPaneSite = {
  id: number;
  url: string;
  status: GridPaneSiteStatus;
  php_version: string | null;
  server_id: number | null;
  server_label: string | null;
  type: string | null;
  is_ssl: boolean;
  ssl_status: string | null;
  nginx_caching: string | null;
  system_user_id: number | null;
};

export type GridPaneSystemUser = {
  id: number;
  username: string;
  server_id: number | null;
  status: string | null;
  ssh_access: boolean;
  sudo: boolean;
  is_primary: boolean;
  sites: { id: number; url: string }[];
};

export type GridPaneUser = {
  id: number;
  name: string;
  email: string | null;
  teams: { id: number; name: string }[];
};

/** A list read: `partial` when a later page failed; `skipped` items did not parse. */
export type GridPaneList<T> = ProviderList<T>;

export type GridPaneCallInfo = { path: string; status: number | null; ms: number };
