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
  /** What the site runs (schema 2 on); null when the payload does not report its plugin list. */
  software: Software | null;
};

/** A plugin as WordPress lists it: `slug` its folder (or file), `file` the path WordPress keys it by. */
export type SnapshotPlugin = {
  slug: string;
  file: string | null;
  name: string;
  version: string | null;
  active: boolean;
  /** The version WordPress's own update check last offered; null when none or unknown. */
  updateVersion: string | null;
  autoUpdate: boolean | null;
};
export type SnapshotTheme = {
  slug: string;
  name: string;
  version: string | null;
  active: boolean;
  /** The parent theme's slug of a child theme. */
  parent: string | null;
};
export type Software = { plugins: SnapshotPlugin[]; themes: SnapshotTheme[] };

/** The schema major this client understands; a newer one is shown raw with a warning. */
export const SUPPORTED_SCHEMA = 2;
/** More entries than any real site has: a payload beyond it is cut there. */
const MAX_ENTRIES = 1000;

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
    software: toSoftware(body),
  };
}

/** A slug as WordPress makes them: lower-case letters, digits, dots, dashes and underscores. */
const slug = (v: unknown) => {
  const text = str(v)?.toLowerCase() ?? null;
  return text && /^[a-z0-9._-]{1,100}$/.test(text) ? text : null;
};
const flag = (v: unknown) => (typeof v === 'boolean' ? v : null);

/**
 * The plugins and themes a schema 2 payload lists; null when it lists no plugins at all (a schema 1
 * plugin does not report them: "not checked", never "nothing installed"). An entry without a usable
 * slug is left out; one slug listed twice keeps its first entry.
 */
export function toSoftware(body: Record<string, unknown>): Software | null {
  if (!Array.isArray(body.plugins)) return null;
  const seen = new Set<string>();
  const first = (key: string) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const plugins: SnapshotPlugin[] = [];
  for (const p of body.plugins.slice(0, MAX_ENTRIES)) {
    if (!isRecord(p)) continue;
    const id = slug(p.slug);
    if (!id || !first(`plugin/${id}`)) continue;
    plugins.push({
      slug: id,
      file: str(p.file),
      name: str(p.name) ?? id,
      version: str(p.version),
      active: p.active === true,
      updateVersion: str(p.update_version),
      autoUpdate: flag(p.auto_update),
    });
  }
  const themes: SnapshotTheme[] = [];
  for (const t of Array.isArray(body.themes) ? body.themes.slice(0, MAX_ENTRIES) : []) {
    if (!isRecord(t)) continue;
    const id = slug(t.slug);
    if (!id || !first(`theme/${id}`)) continue;
    themes.push({
      slug: id,
      name: str(t.name) ?? id,
      version: str(t.version),
      active: t.active === true,
      parent: slug(t.parent),
    });
  }
  return { plugins, themes };
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
