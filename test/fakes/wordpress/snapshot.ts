import { createRandom, seedOf } from '../gridpane/random';

/** What the HD Snapshot plugin reports for one site: realistic and the same for a (seed, domain). */
const WORDPRESS = ['6.4.5', '6.5.3', '6.5.5', '6.6.1', '6.6.2', '6.7', '6.7.1'] as const;
const PHP = ['7.4.33', '8.0.30', '8.1.29', '8.1.31', '8.2.18', '8.2.24', '8.3.12', '8.3.14'] as const;
const THEMES = [
  { name: 'Astra Child', version: '1.0.2', stylesheet: 'astra-child', template: 'astra' },
  { name: 'GeneratePress', version: '3.5.1', stylesheet: 'generatepress', template: 'generatepress' },
  { name: 'Kadence', version: '1.2.9', stylesheet: 'kadence', template: 'kadence' },
  { name: 'Hello Elementor', version: '3.1.1', stylesheet: 'hello-elementor', template: 'hello-elementor' },
  { name: 'Divi Child', version: '1.0.0', stylesheet: 'divi-child', template: 'Divi' },
  {
    name: 'Twenty Twenty-Four',
    version: '1.2',
    stylesheet: 'twentytwentyfour',
    template: 'twentytwentyfour',
  },
] as const;
export const PLUGIN_VERSION = '1.0.0';

export function snapshotFor(domain: string, seed: number, now = Date.now()) {
  const random = createRandom(seedOf(seed, domain));
  const pluginCount = random.int(8, 40);
  const theme = random.pick(THEMES);
  return {
    schema_version: 1,
    // The plugin caches the snapshot in a 5-minute transient, so it is up to 5 minutes old.
    generated_at: new Date(now - random.int(0, 299) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    site_url: `https://${domain}`,
    wordpress_version: random.pick(WORDPRESS),
    php_version: random.pick(PHP),
    theme: theme.name,
    theme_details: { ...theme },
    plugin_count: pluginCount,
    active_plugin_count: pluginCount - random.int(0, Math.min(6, pluginCount)),
    is_multisite: random.chance(0.05),
    plugin_version: PLUGIN_VERSION,
  };
}

/** A v1 snapshot that a future plugin might send: new fields, one of them secret-looking on purpose. */
export function snapshotV2(domain: string, seed: number) {
  const v1 = snapshotFor(domain, seed);
  return {
    ...v1,
    schema_version: 2,
    plugin_version: '2.0.0',
    plugins: [
      { slug: 'woocommerce', version: '9.3.3', active: true },
      { slug: 'wordfence', version: '7.11.7', active: true },
    ],
    // Keys naming a token/secret/password: the client must drop them from the raw dump.
    environment: { server_software: 'nginx/1.25.4', db_password: 'REDACTED-db-password', mysql: '8.0.36' },
    update_token: 'REDACTED-update-token',
  };
}
