import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeTimers, trickleBody } from '../faults';
import { send, sendRaw } from '../gridpane/respond';
import type { WpCliCommands } from '../gridpane/wp-cli';
import type { WordPressCase } from './cases';
import { sendSiteFault, sendSnapshotFault } from './faults';
import { sendCriticalError, sendHomePage } from './pages';
import { PLUGIN_VERSION, snapshotFor, snapshotNewer } from './snapshot';
import { createSiteUpdates, type UpdateBehaviour } from './updates';

export { mixedCases, type WordPressCase } from './cases';

/**
 * Many WordPress sites with the HD Snapshot plugin behind ONE server on 127.0.0.1: the site's domain is
 * the first path segment (`/{domain}/wp-json/hd-snapshot/v1/snapshot`), so the client's {domain}
 * template substitution is what routes the request. Behaviour follows the plugin's real answers.
 * Each site also serves its home page (`/{domain}/`), and its versions change when a test applies
 * WP-CLI updates to it (`applyWpCli`, or GridPane's fake through `connectWpCli`).
 */
export type FakeWordPressOptions = {
  token?: string;
  domains: string[];
  seed?: number;
  cases?: Record<string, WordPressCase>;
  /** How long 'slow' waits before answering, and how long 'slow_body' spreads its body over. */
  slowMs?: number;
  port?: number;
};
export type WordPressRequest = {
  domain: string;
  route: string;
  tokenSent: boolean;
  at: number;
  status?: number;
};

/** What a test makes a site report of one of its plugins, whatever it runs (a tampered plugin list). */
export type ReportedPlugin = { version?: string; update_version?: string | null };

export const DEFAULT_FAKE_HDSNAPSHOT_TOKEN = 'fake-hd-snapshot-global-token';
const ROUTE = /^\/([^/]+)\/wp-json\/hd-snapshot\/v1\/(snapshot|ping)\/?$/;
const HOME = /^\/[^/]+\/?$/;

const wpError = (res: ServerResponse, status: number, code: string, message: string) =>
  send(res, status, { code, message, data: { status } });

export async function startFakeWordPress(options: FakeWordPressOptions) {
  const token = options.token ?? DEFAULT_FAKE_HDSNAPSHOT_TOKEN;
  const seed = options.seed ?? 1;
  const domains = new Set(options.domains.map((d) => d.toLowerCase()));
  const cases = new Map(Object.entries(options.cases ?? {}));
  const requests: WordPressRequest[] = [];
  const { delay, clear } = fakeTimers();
  const updates = createSiteUpdates();
  /** Per site and plugin slug, what the site reports of that plugin instead of the truth. */
  const reported = new Map<string, Map<string, ReportedPlugin>>();
  const withReported = <T extends object>(domain: string, snapshot: T): T => {
    const site = reported.get(domain);
    const plugins = (snapshot as { plugins?: { slug: string }[] }).plugins;
    if (!site || !plugins) return snapshot;
    return { ...snapshot, plugins: plugins.map((p) => ({ ...p, ...site.get(p.slug) })) };
  };
  /** What a site reports now: its generated payload with the versions updates changed. */
  const current = (domain: string, mode: WordPressCase = 'ok') =>
    withReported(
      domain,
      updates.overlay(
        domain,
        mode === 'schema_newer' ? snapshotNewer(domain, seed) : snapshotFor(domain, seed),
      ),
    );

  /** The token the site saw: the plugin's own header first, then a Bearer that survived the proxy. */
  const sentToken = (req: IncomingMessage) => {
    const header = req.headers['x-hd-snapshot-token'];
    if (typeof header === 'string' && header) return header;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return bearer?.[1] ?? null;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = ROUTE.exec(url.pathname);
    const domain = decodeURIComponent(url.pathname.split('/')[1] ?? '');
    const home = HOME.test(url.pathname);
    const record: WordPressRequest = {
      domain,
      route: match?.[2] ?? (home ? 'home' : url.pathname),
      tokenSent: false,
      at: Date.now(),
    };
    requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });
    // An unknown domain is a site we do not host: its web server's plain 404 page, not WordPress JSON.
    if (!domains.has(domain))
      return sendRaw(res, 404, 'text/html', '<html><body><h1>404 Not Found</h1></body></html>');
    const mode = cases.get(domain) ?? 'ok';
    if (mode === 'slow') await delay(options.slowMs ?? 3000);
    if (mode === 'slow_body') trickleBody(res, options.slowMs ?? 3000, delay);
    if (sendSiteFault(res, mode)) return;
    if (mode === 'html')
      return sendRaw(
        res,
        200,
        'text/html; charset=UTF-8',
        '<!DOCTYPE html><html><head><title>Under maintenance</title></head><body>Back soon</body></html>',
      );
    if (mode === 'login_redirect') {
      res.writeHead(302, {
        location: `/${domain}/wp-login.php?redirect_to=${encodeURIComponent(url.pathname)}`,
      });
      return res.end();
    }
    if (home && (req.method === 'GET' || req.method === 'HEAD')) {
      // A fatal error (a broken update, or a site whose PHP fails) shows visitors WordPress's error page.
      const broken = updates.brokenAs(domain);
      if (broken === 'white-screen') return sendRaw(res, 200, 'text/html; charset=UTF-8', '');
      if (broken || mode === 'server_error') return sendCriticalError(res);
      return sendHomePage(res, domain, current(domain).wordpress_version);
    }
    if (!match || req.method !== 'GET' || mode === 'absent') {
      return wpError(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
    }
    // The plugin's permission_callback, in its order: configured? token sent? token right?
    if (mode === 'not_configured')
      return wpError(res, 503, 'hd_snapshot_not_configured', 'HD Snapshot has no token configured.');
    const sent = mode === 'no_token' ? null : sentToken(req); // 'no_token': a proxy strips the headers
    record.tokenSent = sent !== null;
    if (sent === null) return wpError(res, 401, 'hd_snapshot_missing_token', 'Missing snapshot token.');
    if (mode === 'wrong_token' || sent !== token)
      return wpError(res, 403, 'hd_snapshot_invalid_token', 'Invalid snapshot token.');
    const snapshot = current(domain, mode);
    if (match[2] === 'ping')
      return send(res, 200, {
        ok: true,
        plugin_version: snapshot.plugin_version,
        schema_version: snapshot.schema_version,
      });
    if (sendSnapshotFault(res, mode, snapshot)) return;
    return send(res, 200, snapshot);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() =>
      send(res, 500, { code: 'internal_server_error', message: 'Fake crashed', data: { status: 500 } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    urlTemplate: `http://127.0.0.1:${port}/{domain}/wp-json/hd-snapshot/v1/snapshot`,
    /** Each site's home page: 200 and its name as the title, or 500 once an update has broken it. */
    homeUrlTemplate: `http://127.0.0.1:${port}/{domain}/`,
    token,
    requests,
    pluginVersion: PLUGIN_VERSION,
    setCase(domain: string, mode: WordPressCase) {
      cases.set(domain.toLowerCase(), mode);
    },
    /** The snapshot an 'ok' site serves (minus generated_at drift), for assertions; updates included. */
    expected: (domain: string) =>
      withReported(
        domain.toLowerCase(),
        updates.overlay(domain.toLowerCase(), snapshotFor(domain.toLowerCase(), seed)),
      ),
    /**
     * Makes a site report `fields` for one of its plugins from now on (null: the truth again), as a
     * site whose plugin list was tampered with would: updates still apply to what it really runs.
     */
    reportPlugin(domain: string, slug: string, fields: ReportedPlugin | null) {
      const site = reported.get(domain.toLowerCase()) ?? new Map<string, ReportedPlugin>();
      if (fields) site.set(slug, fields);
      else site.delete(slug);
      reported.set(domain.toLowerCase(), site);
    },
    /**
     * Runs WP-CLI update commands on a site as GridPane would, `delayMs` of wall time from now (0: at
     * once, before this returns); resolves once they are applied. A domain the fake does not host is
     * left alone. See updates.ts for what each command does.
     */
    async applyWpCli(domain: string, wp: WpCliCommands, opts: { delayMs?: number } = {}): Promise<void> {
      const site = domain.toLowerCase();
      if ((opts.delayMs ?? 0) > 0) await delay(opts.delayMs ?? 0);
      if (domains.has(site)) updates.apply(site, wp, snapshotFor(site, seed));
    },
    /** How a site takes an update: applied (`normal`), applied then broken (`breaks`), or ignored. */
    setUpdateBehaviour(domain: string, behaviour: UpdateBehaviour) {
      updates.setBehaviour(domain.toLowerCase(), behaviour);
    },
    /** Forgets every update of a site (what restoring a backup from before them does): healthy again. */
    resetSite(domain: string) {
      updates.reset(domain.toLowerCase());
    },
    /** Every version change applied so far, in order. */
    updates: updates.applied,
    async close() {
      clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeWordPress = Awaited<ReturnType<typeof startFakeWordPress>>;
