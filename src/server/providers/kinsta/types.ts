/** What one request to Kinsta cost, for the Integrations page's counters and the logs. */
export type KinstaCallInfo = { path: string; status: number | null; ms: number; attempt: number };

/** The key in use, as `GET /validate` describes it. */
export type KinstaKey = {
  /** The company the key belongs to: every list is asked for with it. */
  companyId: string;
  name: string | null;
  /** When the key stops working; null when it never expires. */
  expiresAt: Date | null;
  status: string | null;
};

export type KinstaDomain = { id: string; name: string; active: boolean; type: string | null };

/** One environment of a site: live, or a staging copy. */
export type KinstaEnvironment = {
  id: string;
  name: string;
  displayName: string;
  /** The live environment is the site people visit; the others are staging copies. */
  live: boolean;
  primaryDomain: string | null;
  domains: KinstaDomain[];
  wordpressVersion: string | null;
  /** "8.2" from the container's "php8.2"; null when Kinsta does not say. */
  phpVersion: string | null;
  blocked: boolean;
};

export type KinstaSite = {
  id: string;
  name: string;
  displayName: string;
  status: string | null;
  labels: string[];
  environments: KinstaEnvironment[];
};

/** A plugin or theme of one environment, with the update Kinsta sees for it. */
export type KinstaSoftware = {
  slug: string;
  title: string | null;
  status: string | null;
  version: string | null;
  /** The version an update would bring; null when there is none. */
  updateVersion: string | null;
};

export type KinstaBackupKind = 'automatic' | 'manual' | 'system' | 'downloadable';

export type KinstaBackup = {
  id: string;
  name: string | null;
  note: string | null;
  /** Kinsta's own word ("daily", "manual", "hourly", "system_generated" …), kept as sent. */
  type: string | null;
  kind: KinstaBackupKind;
  createdAt: Date;
  /** Downloadable backups only: when the download link stops working. */
  expiresAt: Date | null;
};

/** A user of the company, as `GET /company/{id}/users` lists them: who Kinsta can tell about a restore. */
export type KinstaUser = { id: string; email: string | null; name: string | null };

/** A list read in one answer, with the items that could not be read counted rather than thrown. */
export type KinstaList<T> = { items: T[]; skipped: number };

/**
 * Where one of Kinsta's long-running actions (a manual backup…) stands. `pending`: Kinsta does not know
 * it yet, as for a short while after it was started (also what an unknown operation looks like, so a
 * caller polling gives up after its own deadline). `message` is Kinsta's, made safe to show.
 */
export type KinstaOperationState = 'pending' | 'running' | 'done' | 'failed';
export type KinstaOperation = { state: KinstaOperationState; message: string | null };
