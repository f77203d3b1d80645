import { PLUGINS } from '../wordpress/snapshot';

/** A plugin the directory lists: its name and latest version. */
export type ListedPlugin = { name: string; version: string };
/** A plugin the directory closed: the day, its reason code and how the page words it. */
export type ClosedPlugin = { closedOn: string; reason: string; reasonText: string };

/** What the fake wordpress.org knows, changed by tests and the demo while it runs. */
export type WporgState = {
  /** The latest WordPress release: `offers[0].current` of the version check. */
  coreLatest: string;
  /** The PHP and MySQL minimums the version check names beside it. */
  phpMinimum: string;
  mysqlMinimum: string;
  /** The plugin directory by slug; a slug in neither map was never listed (a premium or custom plugin). */
  plugins: Record<string, ListedPlugin>;
  closed: Record<string, ClosedPlugin>;
};

/**
 * The directory as the fake sites' plugins find it: every plugin of the sites' catalogue that
 * wordpress.org hosts, at its current release.
 */
const listed = Object.fromEntries(
  PLUGINS.filter((p) => !('hosted' in p)).map((p) => [p.slug, { name: p.name, version: p.versions[0] }]),
);

/** A plausible wordpress.org of late 2026. */
export const DEFAULT_WPORG_STATE: WporgState = {
  coreLatest: '6.9.1',
  phpMinimum: '7.2.24',
  mysqlMinimum: '5.5.5',
  plugins: listed,
  closed: {},
};
