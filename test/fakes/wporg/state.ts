/**
 * What the fake wordpress.org knows, changed by tests and the demo while it runs. Core first; the
 * plugin directory (update-check, plugin information, closures) and the stable-check list get their
 * own fields here when their routes are added.
 */
export type WporgState = {
  /** The latest WordPress release: `offers[0].current` of the version check. */
  coreLatest: string;
  /** The PHP and MySQL minimums the version check names beside it. */
  phpMinimum: string;
  mysqlMinimum: string;
};

/** A plausible wordpress.org of late 2026. */
export const DEFAULT_WPORG_STATE: WporgState = {
  coreLatest: '6.9.1',
  phpMinimum: '7.2.24',
  mysqlMinimum: '5.5.5',
};
