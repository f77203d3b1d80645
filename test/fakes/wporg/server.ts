import type { FailureOptions } from '../faults';
import { type RouteFailure, startRouteServer } from '../route-server';
import { WPORG_ROUTES, wporgRoutes } from './routes';
import { type ClosedPlugin, DEFAULT_WPORG_STATE, type ListedPlugin, type WporgState } from './state';

export type FakeWporgOptions = Partial<WporgState> & {
  port?: number;
  slowMs?: number;
  retryAfterSeconds?: number;
};
export type WporgRoute = keyof typeof WPORG_ROUTES;

/**
 * wordpress.org's public API on 127.0.0.1 for tests and the demo: `url` stands for
 * https://api.wordpress.org (WPORG_API_URL); its state can be changed while it runs.
 */
export async function startFakeWporg(options: FakeWporgOptions = {}) {
  const { port, slowMs, retryAfterSeconds, ...initial } = options;
  const state: WporgState = {
    ...DEFAULT_WPORG_STATE,
    ...initial,
    plugins: { ...(initial.plugins ?? DEFAULT_WPORG_STATE.plugins) },
    closed: { ...(initial.closed ?? DEFAULT_WPORG_STATE.closed) },
  };
  const server = await startRouteServer({ routes: wporgRoutes(state), port, slowMs, retryAfterSeconds });
  return {
    url: server.url,
    requests: server.requests,
    state,
    /** The release the version check offers from now on. */
    setCoreLatest(version: string) {
      state.coreLatest = version;
    },
    /** Closes a plugin from now on (the directory then answers with its closure), or reopens it. */
    setClosed(slug: string, closure: ClosedPlugin | null) {
      if (closure) state.closed[slug] = closure;
      else delete state.closed[slug];
    },
    /** Lists a plugin at a version, or takes it out of the directory altogether. */
    setListed(slug: string, plugin: ListedPlugin | null) {
      if (plugin) state.plugins[slug] = plugin;
      else delete state.plugins[slug];
    },
    /** Makes one route fail (null: answer normally again); see FailureOptions. */
    setFailure(route: WporgRoute, mode: RouteFailure | null, opts: FailureOptions = {}) {
      server.setFailure(WPORG_ROUTES[route], mode, opts);
    },
    close: server.close,
  };
}

export type FakeWporg = Awaited<ReturnType<typeof startFakeWporg>>;
