import type { OnWpCli, WpCliCommands } from '../gridpane/wp-cli';
import { WORDPRESS_RELEASES } from './snapshot';

/**
 * What WP-CLI updates do to a fake site, so a test can play GridPane running them: the versions the HD
 * Snapshot payload reports change, and an update may break the site's home page.
 *
 * Commands are read as WP-CLI reads them, without the leading `wp <group>`:
 * - plugin and theme: `update <slug> [--version=<version>] [--force]`; without `--version` (or with
 *   `--minor`) a plugin goes to its `update_version`, and a theme, whose newer release the payload never
 *   names, stays as it is. A plugin or theme the site does not list is left alone, as WP-CLI does.
 * - core: `update --minor` (the newest known release of the same branch, else the next patch),
 *   `update --version=<version>` (an older one only with `--force`, as WP-CLI insists), or `update`.
 * A command the fake cannot read changes nothing: WP-CLI would fail, and GridPane says it ran anyway.
 *
 * Behaviour per site:
 * - `normal`: the update is applied.
 * - `breaks`: the update is applied, then the home page answers 500 with WordPress's critical-error page
 *   (the snapshot route still answers, so the new versions can be read). Updating the same item back to
 *   the version it had before (a rollback, `--force` or not) makes the site healthy again.
 * - `white-screen`: as `breaks`, but the home page answers 200 with an empty body (PHP's blank page of a
 *   fatal error when WordPress's own handler is off): the status says up, only the missing title tells.
 * - `never-changes`: nothing changes, whatever is run.
 */
export type UpdateBehaviour = 'normal' | 'breaks' | 'white-screen' | 'never-changes';

export type WpCliGroup = 'plugin' | 'theme' | 'core';

/** A version change the fake applied: on which site, which item (`slug` null for core), from and to. */
export type FakeWordPressUpdate = {
  domain: string;
  group: WpCliGroup;
  slug: string | null;
  from: string;
  to: string;
  at: Date;
};

type ListedPlugin = { slug: string; version: string; update_version: string | null };
type ListedTheme = { slug: string; version: string };
/** The parts of a snapshot an update touches. */
type SnapshotView = {
  wordpress_version: string;
  plugins?: ListedPlugin[];
  themes?: ListedTheme[];
  theme_details: { stylesheet: string; version: string };
};

type SiteChanges = {
  plugins: Map<string, string>;
  themes: Map<string, string>;
  core: string | null;
  /** The items whose update broke the site, with the version each had before it. */
  broken: Map<string, string>;
};

type Command = { slug: string | null; version: string | null; force: boolean; minor: boolean };

function parseCommand(group: WpCliGroup, command: string): Command | null {
  const [verb, ...tokens] = command.trim().split(/\s+/);
  if (verb !== 'update') return null;
  const parsed: Command = { slug: null, version: null, force: false, minor: false };
  for (const token of tokens) {
    if (token === '--force') parsed.force = true;
    else if (token === '--minor') parsed.minor = true;
    else if (token.startsWith('--version=') && token.length > '--version='.length) {
      parsed.version = token.slice('--version='.length);
    } else if (group !== 'core' && parsed.slug === null && !token.startsWith('-')) parsed.slug = token;
    else return null;
  }
  if (group !== 'core' && parsed.slug === null) return null;
  return parsed;
}

const isNumber = (part: string) => /^\d+$/.test(part);

/** Orders releases as WordPress numbers them: 6.7 < 6.7.1 < 6.10; a release above its own betas. */
export function compareVersions(a: string, b: string): number {
  const left = a.split(/[.+-]/);
  const right = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i];
    const y = right[i];
    if (x === undefined) return y !== undefined && isNumber(y) ? -1 : 1;
    if (y === undefined) return isNumber(x) ? 1 : -1;
    if (isNumber(x) && isNumber(y)) {
      if (Number(x) !== Number(y)) return Number(x) - Number(y);
    } else if (isNumber(x) !== isNumber(y)) return isNumber(x) ? 1 : -1;
    else if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The next minor release of core: the newest known one of the same branch, else the next patch. */
export function nextMinorRelease(current: string): string {
  const branch = current.split('.').slice(0, 2).join('.');
  const known = WORDPRESS_RELEASES.filter(
    (v) => (v === branch || v.startsWith(`${branch}.`)) && compareVersions(v, current) > 0,
  ).sort(compareVersions);
  const newest = known[known.length - 1];
  if (newest) return newest;
  const parts = current.split('.');
  if (parts.length < 3) return `${branch}.1`;
  return [...parts.slice(0, -1), String(Number(parts[parts.length - 1]) + 1)].join('.');
}

const emptyChanges = (): SiteChanges => ({
  plugins: new Map(),
  themes: new Map(),
  core: null,
  broken: new Map(),
});

/** The update state of every fake site: what changed, how each site takes an update, which are broken. */
export function createSiteUpdates() {
  const changes = new Map<string, SiteChanges>();
  const behaviours = new Map<string, UpdateBehaviour>();
  const applied: FakeWordPressUpdate[] = [];

  /** `snapshot` (a site's generated payload) with the versions its updates changed. */
  function overlay<T extends object>(domain: string, snapshot: T): T {
    const site = changes.get(domain);
    if (!site) return snapshot;
    const view = snapshot as unknown as SnapshotView;
    const out: SnapshotView = { ...view };
    if (view.plugins) {
      out.plugins = view.plugins.map((plugin) => {
        const version = site.plugins.get(plugin.slug);
        if (version === undefined) return plugin;
        // WordPress offers the newest release it knows to a site running anything older.
        const newest = plugin.update_version ?? plugin.version;
        return { ...plugin, version, update_version: compareVersions(version, newest) < 0 ? newest : null };
      });
    }
    if (view.themes) {
      out.themes = view.themes.map((theme) => {
        const version = site.themes.get(theme.slug);
        return version === undefined ? theme : { ...theme, version };
      });
    }
    const activeTheme = site.themes.get(view.theme_details.stylesheet);
    if (activeTheme !== undefined) out.theme_details = { ...view.theme_details, version: activeTheme };
    if (site.core !== null) out.wordpress_version = site.core;
    return out as unknown as T;
  }

  /** The item a command updates, the version it has now and the one it goes to; null: nothing changes. */
  function change(group: WpCliGroup, command: Command, current: SnapshotView) {
    if (group === 'core') {
      const from = current.wordpress_version;
      let to: string | undefined;
      if (command.version !== null) {
        to = command.force || compareVersions(command.version, from) >= 0 ? command.version : undefined;
      } else if (command.minor) to = nextMinorRelease(from);
      else {
        const newest = [...WORDPRESS_RELEASES].sort(compareVersions).at(-1);
        to = newest !== undefined && compareVersions(newest, from) > 0 ? newest : undefined;
      }
      return to === undefined || to === from ? null : { key: 'core', slug: null, from, to };
    }
    const slug = command.slug!;
    if (group === 'plugin') {
      const plugin = current.plugins?.find((p) => p.slug === slug);
      const to = command.version ?? plugin?.update_version ?? null;
      if (!plugin || to === null || to === plugin.version) return null;
      return { key: `plugin:${slug}`, slug, from: plugin.version, to };
    }
    const theme =
      current.themes?.find((t) => t.slug === slug) ??
      (current.theme_details.stylesheet === slug ? { slug, version: current.theme_details.version } : null);
    if (!theme || command.version === null || command.version === theme.version) return null;
    return { key: `theme:${slug}`, slug, from: theme.version, to: command.version };
  }

  /** Runs `wp` now on a site whose generated payload (before any update) is `generated`. */
  function apply(domain: string, wp: WpCliCommands, generated: object): void {
    const behaviour = behaviours.get(domain) ?? 'normal';
    if (behaviour === 'never-changes') return;
    const site = changes.get(domain) ?? emptyChanges();
    changes.set(domain, site);
    for (const group of ['plugin', 'theme', 'core'] as const) {
      for (const text of wp[group] ?? []) {
        const command = typeof text === 'string' ? parseCommand(group, text) : null;
        // Read again for every command: later commands of a run see the earlier ones' results.
        const found = command && change(group, command, overlay(domain, generated) as SnapshotView);
        if (!found) continue;
        const before = site.broken.get(found.key);
        if (before !== undefined && before === found.to)
          site.broken.delete(found.key); // a rollback
        else if ((behaviour === 'breaks' || behaviour === 'white-screen') && before === undefined)
          site.broken.set(found.key, found.from);
        if (group === 'core') site.core = found.to;
        else (group === 'plugin' ? site.plugins : site.themes).set(found.slug!, found.to);
        applied.push({ domain, group, slug: found.slug, from: found.from, to: found.to, at: new Date() });
      }
    }
  }

  return {
    overlay,
    apply,
    /** Every version change applied, in order. */
    applied,
    /** How a site's home page is broken by an update, or null while it is fine. */
    brokenAs(domain: string): 'critical-error' | 'white-screen' | null {
      if ((changes.get(domain)?.broken.size ?? 0) === 0) return null;
      return behaviours.get(domain) === 'white-screen' ? 'white-screen' : 'critical-error';
    },
    setBehaviour(domain: string, behaviour: UpdateBehaviour) {
      behaviours.set(domain, behaviour);
    },
    /** Forgets every update of a site: back as generated, and healthy. */
    reset(domain: string) {
      changes.delete(domain);
    },
  };
}

/** A GridPane site url ("example.com", or with a scheme or path) as the WordPress fake names the site. */
export const domainOfUrl = (url: string) =>
  url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');

/**
 * The fake GridPane's `onWpCli` for a fake WordPress: every WP-CLI run GridPane accepts is applied to the
 * site with the same domain, `delayMs` of wall time later (0: before GridPane answers).
 */
export function connectWpCli(
  wordpress: {
    applyWpCli: (domain: string, wp: WpCliCommands, opts?: { delayMs?: number }) => Promise<unknown>;
  },
  options: { delayMs?: number } = {},
): OnWpCli {
  return (site, wp) => {
    void wordpress.applyWpCli(domainOfUrl(site.url), wp, { delayMs: options.delayMs ?? 0 });
  };
}
