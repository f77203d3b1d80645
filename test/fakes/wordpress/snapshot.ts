import { createRandom, seedOf } from '../gridpane/random';

/** What the HD Snapshot plugin reports for one site: realistic and the same for a (seed, domain). */
const WORDPRESS = ['6.4.5', '6.5.3', '6.5.5', '6.6.1', '6.6.2', '6.7', '6.7.1'] as const;
/** The WordPress releases the fake's sites run, oldest first; core updates move between them. */
export const WORDPRESS_RELEASES: readonly string[] = WORDPRESS;
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
export const PLUGIN_VERSION = '2.0.0';

/**
 * Plugins agencies install, with their slug, the current release and older ones a site may still
 * run; `hosted: false` for the premium ones wordpress.org's directory does not list.
 */
export const PLUGINS = [
  {
    slug: 'woocommerce',
    file: 'woocommerce/woocommerce.php',
    name: 'WooCommerce',
    versions: ['9.4.2', '9.3.3', '8.9.1'],
  },
  {
    slug: 'contact-form-7',
    file: 'contact-form-7/wp-contact-form-7.php',
    name: 'Contact Form 7',
    versions: ['6.0.1', '5.9.8', '5.7.4'],
  },
  {
    slug: 'wordpress-seo',
    file: 'wordpress-seo/wp-seo.php',
    name: 'Yoast SEO',
    versions: ['23.9', '23.4', '22.0'],
  },
  {
    slug: 'elementor',
    file: 'elementor/elementor.php',
    name: 'Elementor',
    versions: ['3.25.10', '3.24.7', '3.18.2'],
  },
  { slug: 'akismet', file: 'akismet/akismet.php', name: 'Akismet Anti-spam', versions: ['5.3.5', '5.3.3'] },
  {
    slug: 'wordfence',
    file: 'wordfence/wordfence.php',
    name: 'Wordfence Security',
    versions: ['8.0.1', '7.11.7'],
  },
  {
    slug: 'classic-editor',
    file: 'classic-editor/classic-editor.php',
    name: 'Classic Editor',
    versions: ['1.6.7', '1.6.5'],
  },
  {
    slug: 'wpforms-lite',
    file: 'wpforms-lite/wpforms.php',
    name: 'WPForms Lite',
    versions: ['1.9.2.2', '1.8.9.6'],
  },
  {
    slug: 'updraftplus',
    file: 'updraftplus/updraftplus.php',
    name: 'UpdraftPlus',
    versions: ['1.24.11', '1.23.16'],
  },
  {
    slug: 'litespeed-cache',
    file: 'litespeed-cache/litespeed-cache.php',
    name: 'LiteSpeed Cache',
    versions: ['6.5.2', '6.4.1', '5.7'],
  },
  {
    slug: 'really-simple-ssl',
    file: 'really-simple-ssl/rlrsssl-really-simple-ssl.php',
    name: 'Really Simple Security',
    versions: ['9.1.2', '9.0.0'],
  },
  {
    slug: 'redirection',
    file: 'redirection/redirection.php',
    name: 'Redirection',
    versions: ['5.5.1', '5.4.2'],
  },
  {
    slug: 'wp-mail-smtp',
    file: 'wp-mail-smtp/wp_mail_smtp.php',
    name: 'WP Mail SMTP',
    versions: ['4.2.0', '4.1.1'],
  },
  {
    slug: 'advanced-custom-fields',
    file: 'advanced-custom-fields/acf.php',
    name: 'Advanced Custom Fields',
    versions: ['6.3.11', '6.2.9'],
  },
  {
    slug: 'duplicate-post',
    file: 'duplicate-post/duplicate-post.php',
    name: 'Yoast Duplicate Post',
    versions: ['4.5', '4.4'],
  },
  {
    slug: 'wp-super-cache',
    file: 'wp-super-cache/wp-cache.php',
    name: 'WP Super Cache',
    versions: ['1.12.4', '1.11.0'],
  },
  {
    slug: 'regenerate-thumbnails',
    file: 'regenerate-thumbnails/regenerate-thumbnails.php',
    name: 'Regenerate Thumbnails',
    versions: ['3.1.6'],
  },
  {
    slug: 'gravityforms',
    file: 'gravityforms/gravityforms.php',
    name: 'Gravity Forms',
    versions: ['2.8.18', '2.7.17'],
    hosted: false,
  },
  {
    slug: 'elementor-pro',
    file: 'elementor-pro/elementor-pro.php',
    name: 'Elementor Pro',
    versions: ['3.25.4', '3.21.3'],
    hosted: false,
  },
  {
    slug: 'wp-rocket',
    file: 'wp-rocket/wp-rocket.php',
    name: 'WP Rocket',
    versions: ['3.17.3', '3.16.0'],
    hosted: false,
  },
] as const;

/**
 * The plugins and themes a site runs (as schema 2 lists them), `count` plugins in all: a draw of its
 * own, so the rest of the snapshot stays as it was for a (seed, domain).
 */
function softwareFor(domain: string, seed: number, count: number, theme: (typeof THEMES)[number]) {
  const random = createRandom(seedOf(seed, `${domain}/software`));
  // A Fisher–Yates shuffle of the catalogue, then its first `count`.
  const shuffled = [...PLUGINS];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const chosen = shuffled.slice(0, count);
  type Listed = {
    slug: string;
    file: string;
    name: string;
    version: string;
    active: boolean;
    update_version: string | null;
    auto_update: boolean;
  };
  const plugins: Listed[] = chosen.map((p) => {
    const version: string = random.chance(0.6) ? p.versions[0] : random.pick(p.versions);
    return {
      slug: p.slug,
      file: p.file,
      name: p.name,
      version,
      active: random.chance(0.85),
      // WordPress offers the current release to a site running an older one.
      update_version: version === p.versions[0] ? null : p.versions[0],
      auto_update: random.chance(0.2),
    };
  });
  // Sites carry plugins of their own beyond the well-known ones.
  for (let i = plugins.length; i < count; i++) {
    plugins.push({
      slug: `agency-custom-${i}`,
      file: `agency-custom-${i}/agency-custom-${i}.php`,
      name: `Agency Custom ${i}`,
      version: `1.${random.int(0, 9)}.0`,
      active: true,
      update_version: null,
      auto_update: false,
    });
  }
  const themes =
    theme.stylesheet === theme.template
      ? [{ slug: theme.stylesheet, name: theme.name, version: theme.version, active: true, parent: null }]
      : [
          {
            slug: theme.stylesheet,
            name: theme.name,
            version: theme.version,
            active: true,
            parent: theme.template.toLowerCase(),
          },
          {
            slug: theme.template.toLowerCase(),
            name: theme.template,
            version: '4.8.0',
            active: false,
            parent: null,
          },
        ];
  return { plugins, themes, schema: random.chance(0.15) ? 1 : 2 };
}

export function snapshotFor(domain: string, seed: number, now = Date.now()) {
  const random = createRandom(seedOf(seed, domain));
  const pluginCount = random.int(8, 40);
  const theme = random.pick(THEMES);
  const software = softwareFor(domain, seed, pluginCount, theme);
  // Most sites run the plugin's version 2, which lists what the site runs; some still run version 1.
  const listed =
    software.schema === 2
      ? { schema_version: 2, plugins: software.plugins, themes: software.themes, mu_plugins: [] }
      : { schema_version: 1 };
  return {
    ...listed,
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
    plugin_version: software.schema === 2 ? PLUGIN_VERSION : '1.0.0',
  };
}

/** A snapshot a future plugin might send: new fields, one of them secret-looking on purpose. */
export function snapshotNewer(domain: string, seed: number) {
  const current = snapshotFor(domain, seed);
  return {
    ...current,
    schema_version: 3,
    plugin_version: '3.0.0',
    // Keys naming a token/secret/password: the client must drop them from the raw dump.
    environment: { server_software: 'nginx/1.25.4', db_password: 'REDACTED-db-password', mysql: '8.0.36' },
    update_token: 'REDACTED-update-token',
  };
}
