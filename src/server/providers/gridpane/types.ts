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

/**
 * One backup GridPane holds for a site. `id` is the name GridPane's restore call takes, exactly as it
 * lists it ("YYYY-MM-DD HH:MM[ tag]", or the item's own id in the array form); `at` is read as UTC.
 * `service` is the remote storage (wasabi, aws-s3…) when GridPane names it; `note` is the backup's tag.
 */
export type GridPaneBackup = {
  id: string;
  at: Date;
  kind: 'automatic' | 'manual';
  location: 'local' | 'remote';
  service: string | null;
  note: string | null;
  sizeBytes: number | null;
};

/** A site's backup list, newest first; `skipped` entries could not be read. */
export type GridPaneBackupList = { items: GridPaneBackup[]; skipped: number };

export type GridPaneBackupFrequency = 'hourly' | 'daily' | 'weekly' | 'monthly';

/** When GridPane backs a site up; `day` is the weekday (0–6) of a weekly schedule, else null. */
export type GridPaneBackupSchedule = {
  siteId: number;
  schedules: {
    type: 'local' | 'remote';
    frequency: GridPaneBackupFrequency | null;
    hour: number | null;
    minute: number | null;
    day: number | null;
    service: string | null;
  }[];
};

/** How many days GridPane keeps a site's backups, per location; null when it does not say. */
export type GridPaneRetention = { local: number | null; remote: number | null };

/**
 * A manual backup to ask GridPane for: on the server (`local`) or to remote storage, which then names
 * the site's integration to use. `tag` names the backup in GridPane's list (letters, digits and dashes,
 * at most 32, never `manual` or `auto`: GridPane refuses anything else, with its reason).
 */
export type GridPaneBackupRequest = { type: 'local' | 'remote'; integrationId?: number; tag: string };

/**
 * A backup to restore a site from, as GridPane lists it: `source` is `local` or the remote storage's
 * service (wasabi, aws-s3, backblaze, dropbox…), `backup` the backup's name exactly as listed
 * ("2025-11-21 09:12 pre-update", a GridPaneBackup's `id`), `backupType` its kind.
 */
export type GridPaneRestoreRequest = { source: string; backupType: 'manual' | 'automatic'; backup: string };

/** Remote storage a site can back up to (`service`: wasabi, aws-s3…). Its keys are never kept. */
export type GridPaneBackupIntegration = { id: number; service: string; name: string | null };

/**
 * WP-CLI commands GridPane runs on a site, by command group (`wp plugin …`, `wp theme …`, `wp core …`),
 * each without the leading `wp <group>`. Only updates are ever sent: `update <slug>` with an optional
 * `--version=<version>` and `--force` for a plugin or theme; `update --minor` or `update --version=<version>`,
 * optionally with `--force`, for core. GridPane answers without the commands' output or exit status.
 */
export type WpCliCommands = { plugin?: string[]; theme?: string[]; core?: string[] };
