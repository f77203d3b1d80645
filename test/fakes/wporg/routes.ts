import type { FakeAnswer, RouteHandler } from '../route-server';
import type { WporgState } from './state';

/** The paths of wordpress.org's public API this fake answers, as the product appends them to its base. */
export const WPORG_ROUTES = {
  versionCheck: 'GET /core/version-check/1.7/',
  stableCheck: 'GET /core/stable-check/1.0/',
  updateCheck: 'POST /plugins/update-check/1.1/',
  pluginInfo: 'GET /plugins/info/1.2/',
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

/**
 * Every release of the branches from 4.0 up to the latest, each with wordpress.org's verdict: the
 * latest release is "latest", the newest release of every other branch (which still gets security
 * fixes) "outdated", and every release a later one of its branch fixed "insecure".
 */
export function releaseVerdicts(latest: string): Record<string, string> {
  const [major, minor, patch = 0] = latest.split('.').map(Number) as [number, number, number?];
  const verdicts: Record<string, string> = {};
  for (let ma = 4; ma <= major; ma++) {
    for (let mi = 0; mi <= (ma === major ? minor : 9); mi++) {
      const last = ma === major && mi === minor ? patch : 5;
      for (let p = 0; p <= last; p++) {
        const v = p === 0 ? `${ma}.${mi}` : `${ma}.${mi}.${p}`;
        verdicts[v] = v === latest ? 'latest' : p === last ? 'outdated' : 'insecure';
      }
    }
  }
  return verdicts;
}

/** `GET /core/stable-check/1.0/`: every release with its verdict. */
const stableCheck =
  (state: WporgState): RouteHandler =>
  (): FakeAnswer => ({ status: 200, body: releaseVerdicts(state.coreLatest) });

/** One plugin as the update check describes it. */
function updateEntry(file: string, slug: string, version: string) {
  return {
    id: `w.org/plugins/${slug}`,
    slug,
    plugin: file,
    new_version: version,
    url: `https://wordpress.org/plugins/${slug}/`,
    package: `https://downloads.wordpress.org/plugin/${slug}.${version}.zip`,
    requires: '6.3',
    tested: '6.9.1',
    requires_php: '7.4',
  };
}

/**
 * `POST /plugins/update-check/1.1/` (a form whose `plugins` field is JSON keyed by plugin file): each
 * hosted plugin asked at an older version is offered its latest in `plugins`, the others are in
 * `no_update`; plugins the directory does not host (or closed) are left out. An empty group is `[]`.
 */
const updateCheck =
  (state: WporgState): RouteHandler =>
  (request): FakeAnswer => {
    const form = new URLSearchParams(request.body);
    let asked: Record<string, { Version?: string }>;
    try {
      asked = (JSON.parse(form.get('plugins') ?? '') as { plugins: typeof asked }).plugins ?? {};
    } catch {
      return { status: 400, body: { error: 'invalid_plugins' } };
    }
    const updates: Record<string, unknown> = {};
    const current: Record<string, unknown> = {};
    for (const [file, plugin] of Object.entries(asked)) {
      const slug = file.split('/')[0]!;
      const hosted = state.plugins[slug];
      if (!hosted || state.closed[slug]) continue;
      const target = plugin.Version === hosted.version ? current : updates;
      target[file] = updateEntry(file, slug, hosted.version);
    }
    const group = (g: Record<string, unknown>) => (Object.keys(g).length > 0 ? g : []);
    return { status: 200, body: { plugins: group(updates), translations: [], no_update: group(current) } };
  };

/**
 * `GET /plugins/info/1.2/?action=plugin_information&request[slug]=…`: a listed plugin's information, a
 * closed one's closure, or 404 `not_found` for a slug never listed.
 */
const pluginInfo =
  (state: WporgState): RouteHandler =>
  (request): FakeAnswer => {
    const slug = request.url.searchParams.get('request[slug]') ?? '';
    const closed = state.closed[slug];
    if (closed)
      return {
        status: 200,
        body: {
          error: 'closed',
          name: slug,
          slug,
          description: 'This plugin has been closed and is no longer available for download.',
          closed: true,
          closed_date: closed.closedOn,
          reason: closed.reason,
          reason_text: closed.reasonText,
        },
      };
    const listed = state.plugins[slug];
    if (!listed) return { status: 404, body: { error: 'not_found' } };
    return {
      status: 200,
      body: {
        name: listed.name,
        slug,
        version: listed.version,
        requires: '6.3',
        tested: '6.9.1',
        requires_php: '7.4',
        last_updated: '2026-10-02 9:07pm GMT',
        added: '2012-05-14',
        active_installs: 100000,
      },
    };
  };

/** Every route of the fake, answering from `state` as it is at the time of each request. */
export const wporgRoutes = (state: WporgState): Record<string, RouteHandler> => ({
  [WPORG_ROUTES.versionCheck]: versionCheck(state),
  [WPORG_ROUTES.stableCheck]: stableCheck(state),
  [WPORG_ROUTES.updateCheck]: updateCheck(state),
  [WPORG_ROUTES.pluginInfo]: pluginInfo(state),
});
