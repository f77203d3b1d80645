import type { FailureOptions } from '../faults';
import {
  type FakeRequest,
  type RecordedFakeRequest,
  type RouteFailure,
  type RouteHandler,
  startRouteServer,
} from '../route-server';
import { KINSTA_ROUTES, kinstaRoutes } from './routes';
import {
  createKinstaState,
  type FakeUpdateBehaviour,
  type KinstaFleetOptions,
  type KinstaState,
} from './state';

export type FakeKinstaOptions = KinstaFleetOptions & {
  port?: number;
  slowMs?: number;
  retryAfterSeconds?: number;
  /**
   * A rate limit per key: at most `requests` started in each fixed window of `windowMs`; beyond it a
   * 429 with Retry-After (whole seconds to the window's end, at least 1), as Kinsta answers. None by
   * default (Kinsta publishes no general limit).
   */
  limit?: { requests: number; windowMs: number };
};

/** Every route behind the key's rate limit: requests over the window's budget are answered 429. */
function limited(routes: Record<string, RouteHandler>, limit: FakeKinstaOptions['limit']) {
  if (!limit) return routes;
  let windowStart = 0;
  let used = 0;
  const take = (): number | null => {
    const now = Date.now();
    if (now - windowStart >= limit.windowMs) {
      windowStart = now - ((now - windowStart) % limit.windowMs);
      if (now - windowStart >= limit.windowMs) windowStart = now;
      used = 0;
    }
    if (used < limit.requests) {
      used++;
      return null;
    }
    return windowStart + limit.windowMs - now;
  };
  return Object.fromEntries(
    Object.entries(routes).map(([key, handler]) => [
      key,
      (request: FakeRequest) => {
        const waitMs = take();
        if (waitMs === null) return handler(request);
        return {
          status: 429,
          headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
          body: { message: 'Too many requests, please slow down.', status: 429, data: {} },
        };
      },
    ]),
  );
}

/** A write's body as the fake's own route read it. */
export type FakeWriteBody = { method: string; path: string; body: string };

/** Every route that is not a GET keeps the body it was sent, in order, before answering. */
function keepingBodies(routes: Record<string, RouteHandler>, bodies: FakeWriteBody[]) {
  return Object.fromEntries(
    Object.entries(routes).map(([key, handler]) => [
      key,
      (request: FakeRequest) => {
        if (request.method !== 'GET') {
          bodies.push({ method: request.method, path: request.url.pathname, body: request.body });
        }
        return handler(request);
      },
    ]),
  );
}

export type KinstaRoute = keyof typeof KINSTA_ROUTES;

/**
 * Kinsta's API (v2) on 127.0.0.1 for tests and the demo: `url` stands for https://api.kinsta.com/v2.
 * Its writes are a manual backup, a restore and the update of one plugin or theme (each followed
 * through `/operations/{id}`); any other request that is not a GET is answered 404. Every write is
 * recorded: `unplannedWrites()` lists those no test planned, so a test that asked for none fails on
 * any, and a test that did calls `acknowledgeWrites()` once it has checked them.
 */
export async function startFakeKinsta(options: FakeKinstaOptions = {}) {
  const { port, slowMs, retryAfterSeconds, limit, ...fleet } = options;
  const state: KinstaState = createKinstaState(fleet);
  const bodies: FakeWriteBody[] = [];
  const server = await startRouteServer({
    routes: limited(keepingBodies(kinstaRoutes(state), bodies), limit),
    port,
    slowMs,
    retryAfterSeconds,
  });
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
    /**
     * The bodies of the writes a route answered itself, in order, as sent (a write answered by a
     * failure set with `setFailure`, or by the rate limit, never reached a route and is not here).
     */
    writeBodies: (): FakeWriteBody[] => [...bodies],
    /**
     * How the environment's plugin and theme updates end from now on, including those already asked
     * for that have not ended yet: `succeeds` (the default), `fails` or `hangs`.
     */
    setUpdateBehaviour(envId: string, behaviour: FakeUpdateBehaviour) {
      if (!state.sites.some((s) => s.environments.some((e) => e.id === envId))) {
        throw new Error(`The fake Kinsta has no environment ${envId}`);
      }
      state.updateBehaviour.set(envId, behaviour);
    },
    /** Makes one route fail (null: answer normally again); see FailureOptions. */
    setFailure(route: KinstaRoute, mode: RouteFailure | null, opts: FailureOptions = {}) {
      server.setFailure(KINSTA_ROUTES[route], mode, opts);
    },
    close: server.close,
  };
}

export type FakeKinsta = Awaited<ReturnType<typeof startFakeKinsta>>;
