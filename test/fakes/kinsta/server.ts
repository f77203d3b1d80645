import type { FailureOptions } from '../faults';
import { type RouteFailure, startRouteServer } from '../route-server';
import { KINSTA_ROUTES, kinstaRoutes } from './routes';
import { createKinstaState, type KinstaFleetOptions, type KinstaState } from './state';

export type FakeKinstaOptions = KinstaFleetOptions & {
  port?: number;
  slowMs?: number;
  retryAfterSeconds?: number;
};
export type KinstaRoute = keyof typeof KINSTA_ROUTES;

/**
 * Kinsta's API (v2) on 127.0.0.1 for tests and the demo: `url` stands for https://api.kinsta.com/v2.
 * Read-only: any request that is not a GET is an unplanned write to a client's host, recorded and
 * answered 404; `unplannedWrites()` lists them so a test fails on any.
 */
export async function startFakeKinsta(options: FakeKinstaOptions = {}) {
  const { port, slowMs, retryAfterSeconds, ...fleet } = options;
  const state: KinstaState = createKinstaState(fleet);
  const server = await startRouteServer({ routes: kinstaRoutes(state), port, slowMs, retryAfterSeconds });
  return {
    url: server.url,
    requests: server.requests,
    state,
    apiKey: state.apiKey,
    companyId: state.companyId,
    /** Every request that was not a GET: none may happen unless a test asked for a write. */
    unplannedWrites: () => server.requests.filter((r) => r.method !== 'GET'),
    /** Makes one route fail (null: answer normally again); see FailureOptions. */
    setFailure(route: KinstaRoute, mode: RouteFailure | null, opts: FailureOptions = {}) {
      server.setFailure(KINSTA_ROUTES[route], mode, opts);
    },
    close: server.close,
  };
}

export type FakeKinsta = Awaited<ReturnType<typeof startFakeKinsta>>;
