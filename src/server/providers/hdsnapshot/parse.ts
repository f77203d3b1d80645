/**
 * HD Snapshot JSON → our snapshot. The plugin's answer is a young format of our own, so
 * parsing is lenient per field: a wrong type becomes null instead of failing the whole snapshot, and
 * `raw` keeps everything else for the dashboard's raw dump — minus anything that looks like a secret.
 */
export type Snapshot = {
  schema_version: number;
  generated_at: string | null;
  site_url: string | null;
  wordpress_version: string | null;
  php_version: string | null;
  theme: string | null;
  plugin_count: number | null;
  active_plugin_count: number | null;
  is_multisite: boolean | null;
  plugin_version: string | null;
};

/** The schema major this client understands; a newer one is shown raw with a warning. */
export const SUPPORTED_SCHEMA = 1;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : null);
const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/** Integer ≥ 1 (numeric strings tolerated); null when it is not a snapshot at all. */
export function schemaVersion(body: unknown): number | null {
  if (!isRecord(body)) return null;
  const value = typeof body.schema_version === 'string' ? Number(body.schema_version) : body.schema_version;
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : null;
}

export function toSnapshot(body: Record<string, unknown>, version: number): Snapshot {
  const details = isRecord(body.theme_details) ? body.theme_details : {};
  return {
    schema_version: version,
    generated_at: str(body.generated_at),
    site_url: str(body.site_url),
    wordpress_version: str(body.wordpress_version),
    php_version: str(body.php_version),
    theme: str(body.theme) ?? str(details.name),
    plugin_count: count(body.plugin_count),
    active_plugin_count: count(body.active_plugin_count),
    is_multisite: typeof body.is_multisite === 'boolean' ? body.is_multisite : null,
    plugin_version: str(body.plugin_version),
  };
}

const SECRET_KEY = /token|secret|password/i;
const MAX_DEPTH = 12;

/** A copy without keys naming a token, secret or password, at any depth (the raw dump reaches the UI). */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!SECRET_KEY.test(key)) out[key] = withoutSecrets(item, depth + 1);
  }
  return out;
}
