import type { FailureOptions } from '../faults';
import { type RecordedFakeRequest, type RouteFailure, startRouteServer } from '../route-server';
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
 * Its writes are a manual backup and a restore (each followed through `/operations/{id}`); any other
 * request that is not a GET is answered 404. Every write is recorded: `unplannedWrites()` lists those no test planned, so a
 * test that asked for none fails on any, and a test that did calls `acknowledgeWrites()` once it has
 * checked them.
 */
export async function startFakeKinsta(options: FakeKinstaOptions = {}) {
  const { port, slowMs, retryAfterSeconds, ...fleet } = options;
  const state: KinstaState = createKinstaState(fleet);
  const server = await startRouteServer({ routes: kinstaRoutes(state), port, slowMs, retryAfterSeconds });
  const isWrite = (r: RecordedFakeRequest) => r.method !== 'GET';
  const planned = new WeakSet<RecordedFakeRequest>();
  return {
    url: server.url,
    requests: server.requests,
    state,
    apiKey: state.apiKey,
    companyId: state.companyId,
    /** Every request that was not a GET, in order. */
    writes: () => server.requests.filter(isWrite),
    /** The writes no test planned: none may happen unless a test asked for one and acknowledged it. */
    unplannedWrites: () => server.requests.filter((r) => isWrite(r) && !planned.has(r)),
    /** Marks every write so far as planned: a test that asked for them has checked them. */
    acknowledgeWrites() {
      for (const request of server.requests) if (isWrite(request)) planned.add(request);
    },
    /** Makes one route fail (null: answer normally again); see FailureOptions. */
    setFailure(route: KinstaRoute, mode: RouteFailure | null, opts: FailureOptions = {}) {
      server.setFailure(KINSTA_ROUTES[route], mode, opts);
    },
    close: server.close,
  };
}

export type FakeKinsta = Awaited<ReturnType<typeof startFakeKinsta>>;
