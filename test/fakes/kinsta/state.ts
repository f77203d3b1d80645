import { createRandom } from '../gridpane/random';

/** A plugin or theme of one environment as the fake keeps it. */
export type FakeSoftware = {
  name: string;
  title: string;
  status: 'active' | 'inactive';
  version: string;
  /** The version an update would bring, or null for none. */
  updateVersion: string | null;
};

export type FakeBackup = { id: number; name: string; note: string; type: string; createdAt: number };
export type FakeDownloadable = { id: string; createdAt: number; expiresAt: number };

export type FakeEnvironment = {
  id: string;
  name: 'live' | 'staging';
  displayName: string;
  domains: string[];
  wordpressVersion: string;
  php: string;
  plugins: FakeSoftware[];
  themes: FakeSoftware[];
  backups: FakeBackup[];
  downloadable: FakeDownloadable[];
};

export type FakeSite = {
  id: string;
  name: string;
  displayName: string;
  status: string;
  labels: string[];
  environments: FakeEnvironment[];
};

/** Which list of an environment an update changes. */
export type FakeSoftwareKind = 'plugin' | 'theme';

/**
 * How an environment's plugin and theme updates end: `succeeds` (the new version shows in the lists),
 * `fails` (the operation ends failed with a message, the version stays), `hangs` (in progress forever).
 */
export type FakeUpdateBehaviour = 'succeeds' | 'fails' | 'hangs';

/**
 * A long-running action a client started (a manual backup, noted with its tag; a restore of a backup,
 * telling a company user; or the update of one plugin or theme to a version): `polls` counts the
 * `GET /operations/{id}` asked so far, which is what moves it on (404, then in progress, then done).
 * An update follows its environment's behaviour at each poll until it has ended (`ended` set), and
 * stays as it ended.
 */
export type FakeOperation = { id: string; envId: string; polls: number } & (
  | { kind: 'manualBackup'; tag: string }
  | { kind: 'restore'; backupId: number; notifiedUserId: string }
  | {
      kind: 'update';
      software: FakeSoftwareKind;
      slug: string;
      version: string;
      ended: 'done' | 'failed' | null;
    }
);

/** A user of the company, as `GET /company/{id}/users` lists them. */
export type FakeUser = { id: string; email: string; fullName: string };

/** A restore that completed: the environment replaced, the backup it was replaced with, and when. */
export type FakeRestore = { envId: string; backupId: number; notifiedUserId: string; at: number };

/** An update whose operation is done: the plugin or theme, the version it had, the one it has, and when. */
export type FakeUpdate = {
  envId: string;
  software: FakeSoftwareKind;
  slug: string;
  from: string;
  to: string;
  at: number;
};

export type KinstaState = {
  apiKey: string;
  companyId: string;
  keyName: string;
  /** Epoch ms as Kinsta sends it (a string), or null for a key that never expires. */
  expiresAt: string | null;
  sites: FakeSite[];
  /** The company's users: a restore tells one of them. */
  users: FakeUser[];
  operations: FakeOperation[];
  /** Restores whose operation is done, in order. */
  restores: FakeRestore[];
  /** How each environment's updates end, by environment id; `succeeds` for one not listed. */
  updateBehaviour: Map<string, FakeUpdateBehaviour>;
  /** Plugin and theme updates whose operation is done, in order. */
  updates: FakeUpdate[];
  /** The moment a backup made (or a restore done) now is stamped with: the fleet's fixed `now`, else the clock. */
  now: () => number;
};

const PLUGINS: readonly [string, string, string][] = [
  ['woocommerce', 'WooCommerce', '9.3.3'],
  ['wordpress-seo', 'Yoast SEO', '23.6'],
  ['contact-form-7', 'Contact Form 7', '5.9.8'],
  ['elementor', 'Elementor', '3.24.7'],
  ['wordfence', 'Wordfence Security', '7.11.7'],
  ['akismet', 'Akismet Anti-spam', '5.3.3'],
  ['classic-editor', 'Classic Editor', '1.6.5'],
  ['redirection', 'Redirection', '5.5.0'],
];
const THEMES: readonly [string, string, string][] = [
  ['twentytwentyfour', 'Twenty Twenty-Four', '1.2'],
  ['astra', 'Astra', '4.8.3'],
  ['generatepress', 'GeneratePress', '3.5.1'],
];

/** A UUID-shaped id that is the same for the same seed and counter. */
const uuid = (random: () => number) =>
  'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(random() * 16);
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });

const bump = (version: string) => {
  const parts = version.split('.');
  parts[parts.length - 1] = String(Number(parts[parts.length - 1]) + 1);
  return parts.join('.');
};

export type KinstaFleetOptions = {
  sites?: number;
  seed?: number;
  /** "Now" for the backups' ages (epoch ms). */
  now?: number;
  apiKey?: string;
  /** Domains to give the sites, in order (the rest are made up). */
  domains?: string[];
};

/**
 * A Kinsta company of `sites` sites, each with a live environment (and one in four a staging copy):
 * plugins and themes with some updates waiting, and backups of every age — daily ones up to today,
 * a site whose last backup is days old, one never backed up, manual and downloadable ones.
 */
export function createKinstaState(options: KinstaFleetOptions = {}): KinstaState {
  const rnd = createRandom(options.seed ?? 7);
  const now = options.now ?? Date.now();
  const day = 86_400_000;
  const sites: FakeSite[] = [];
  const count = options.sites ?? 6;
  let backupId = 500_000_000;
  for (let i = 0; i < count; i++) {
    const name = `kinsta-site-${i + 1}`;
    const domain =
      options.domains?.[i] ?? `${['north', 'harbor', 'maple', 'summit'][i % 4]}-studio-${i + 1}.com`;
    const environment = (kind: 'live' | 'staging'): FakeEnvironment => {
      const plugins = PLUGINS.filter(() => rnd.chance(0.6)).map(([slug, title, version]) => ({
        name: slug,
        title,
        status: rnd.chance(0.85) ? ('active' as const) : ('inactive' as const),
        version,
        updateVersion: rnd.chance(0.3) ? bump(version) : null,
      }));
      const [themeSlug, themeTitle, themeVersion] = rnd.pick(THEMES);
      // Ages of the last backup: most today, one site days behind, one never backed up.
      const backups: FakeBackup[] = [];
      const lastAgeDays = i % 5 === 3 ? 4 : i % 5 === 4 && kind === 'live' ? null : 0;
      if (lastAgeDays !== null) {
        for (let d = 0; d < 14; d++) {
          const at = now - (lastAgeDays + d) * day - rnd.int(1, 20) * 3_600_000;
          backups.push({
            id: backupId++,
            name: `${name}-${Math.floor(at / 1000)}-daily`,
            note: 'Daily Auto Backup',
            type: 'daily',
            createdAt: at,
          });
        }
        if (rnd.chance(0.5)) {
          const at = now - rnd.int(1, 10) * day;
          backups.push({
            id: backupId++,
            name: `${name}-${Math.floor(at / 1000)}-manual`,
            note: 'Before theme change',
            type: 'manual',
            createdAt: at,
          });
        }
      }
      const downloadable = rnd.chance(0.3)
        ? [{ id: uuid(rnd.next), createdAt: now - 2 * day, expiresAt: now + 5 * day }]
        : [];
      return {
        id: uuid(rnd.next),
        name: kind,
        displayName: kind === 'live' ? 'Live' : 'Staging',
        domains: kind === 'live' ? [domain, `www.${domain}`] : [`stg-${name}.kinsta.cloud`],
        wordpressVersion: rnd.pick(['6.6.2', '6.7.1', '6.8.3']),
        php: rnd.pick(['php8.1', 'php8.2', 'php8.3']),
        plugins,
        themes: [
          {
            name: themeSlug,
            title: themeTitle,
            status: 'active',
            version: themeVersion,
            updateVersion: null,
          },
        ],
        backups,
        downloadable,
      };
    };
    sites.push({
      id: uuid(rnd.next),
      name,
      displayName: domain.replace(/\.com$/, '').replace(/-/g, ' '),
      status: 'live',
      labels: i % 3 === 0 ? ['Client: Acme'] : [],
      environments: i % 4 === 1 ? [environment('live'), environment('staging')] : [environment('live')],
    });
  }
  const companyId = uuid(rnd.next);
  const users: FakeUser[] = [
    { id: uuid(rnd.next), email: 'owner@agency.example', fullName: 'Olivia Owner' },
    { id: uuid(rnd.next), email: 'dev@agency.example', fullName: 'Dev Eloper' },
  ];
  return {
    apiKey: options.apiKey ?? 'kinsta-test-key-0123456789',
    companyId,
    keyName: 'agency-hub',
    expiresAt: String(now + 365 * day),
    sites,
    users,
    operations: [],
    restores: [],
    updateBehaviour: new Map(),
    updates: [],
    now: () => options.now ?? Date.now(),
  };
}
