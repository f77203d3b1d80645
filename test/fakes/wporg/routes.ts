import type { FakeAnswer, RouteHandler } from '../route-server';
import type { WporgState } from './state';

/** The paths of wordpress.org's public API this fake answers, as the product appends them to its base. */
export const WPORG_ROUTES = {
  versionCheck: 'GET /core/version-check/1.7/',
} as const;

/** One offer of the version check, shaped as wordpress.org sends it. */
function offer(state: WporgState, response: 'upgrade' | 'autoupdate') {
  const v = state.coreLatest;
  const zip = `https://downloads.wordpress.org/release/wordpress-${v}.zip`;
  return {
    response,
    download: zip,
    locale: 'en_US',
    packages: {
      full: zip,
      no_content: `https://downloads.wordpress.org/release/wordpress-${v}-no-content.zip`,
      new_bundled: `https://downloads.wordpress.org/release/wordpress-${v}-new-bundled.zip`,
      partial: false,
      rollback: false,
    },
    current: v,
    version: v,
    php_version: state.phpMinimum,
    mysql_version: state.mysqlMinimum,
    new_bundled: v.split('.').slice(0, 2).join('.'),
    partial_version: false,
    ...(response === 'autoupdate' ? { new_files: true } : {}),
  };
}

/**
 * `GET /core/version-check/1.7/`: asked without a site's version, wordpress.org offers the latest
 * release as an upgrade, then the same release as an automatic update.
 */
const versionCheck =
  (state: WporgState): RouteHandler =>
  (): FakeAnswer => ({
    status: 200,
    body: { offers: [offer(state, 'upgrade'), offer(state, 'autoupdate')], translations: [] },
  });

/** Every route of the fake, answering from `state` as it is at the time of each request. */
export const wporgRoutes = (state: WporgState): Record<string, RouteHandler> => ({
  [WPORG_ROUTES.versionCheck]: versionCheck(state),
});
