import type { FailureOptions } from '../faults';
import { type RouteFailure, startRouteServer } from '../route-server';
import { type EolCycle, PHP_CYCLES } from './cycles';

/** The product feeds this fake serves, as endoflife.date's API paths. */
export const ENDOFLIFE_ROUTES = { php: 'GET /api/php.json' } as const;
export type EndOfLifeRoute = keyof typeof ENDOFLIFE_ROUTES;

export type FakeEndOfLifeOptions = {
  /** PHP's branches; the late-2026 list by default. */
  php?: EolCycle[];
  port?: number;
  slowMs?: number;
  retryAfterSeconds?: number;
};

/**
 * endoflife.date's product API on 127.0.0.1 for tests and the demo: `phpUrl` stands for
 * https://endoflife.date/api/php.json (PHP_EOL_URL). The list can be replaced while it runs.
 */
export async function startFakeEndOfLife(options: FakeEndOfLifeOptions = {}) {
  const state = { php: structuredClone(options.php ?? PHP_CYCLES) };
  const server = await startRouteServer({
    routes: { [ENDOFLIFE_ROUTES.php]: () => ({ status: 200, body: state.php }) },
    port: options.port,
    slowMs: options.slowMs,
    retryAfterSeconds: options.retryAfterSeconds,
  });
  return {
    url: server.url,
    phpUrl: `${server.url}/api/php.json`,
    requests: server.requests,
    state,
    /** The PHP branches served from now on. */
    setPhp(cycles: EolCycle[]) {
      state.php = cycles;
    },
    /** Makes one route fail (null: answer normally again); see FailureOptions. */
    setFailure(route: EndOfLifeRoute, mode: RouteFailure | null, opts: FailureOptions = {}) {
      server.setFailure(ENDOFLIFE_ROUTES[route], mode, opts);
    },
    close: server.close,
  };
}

export type FakeEndOfLife = Awaited<ReturnType<typeof startFakeEndOfLife>>;
