import { call, type ServerProcess } from '../../support/server-process';

export type Outcome = {
  op: 'list' | 'create';
  name?: string;
  start: number;
  end: number;
  status?: number;
  code?: unknown;
  message?: unknown;
  retryAfter?: string | null;
  /** Set when no HTTP answer came (connection reset, hang past the timeout). */
  error?: string;
};

/**
 * Steady signed-in traffic: `workers` loops, each mostly GET /api/clients with a POST /api/clients
 * (a unique name) every fourth request, until stop(). Every request's timing and answer is kept.
 */
export function startLoad(server: ServerProcess, cookie: string, workers = 6) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loop = async (w: number) => {
    for (let i = 0; running; i++) {
      const create = i % 4 === 3;
      const name = create ? `load ${w}-${i}` : undefined;
      const outcome: Outcome = { op: create ? 'create' : 'list', name, start: Date.now(), end: 0 };
      try {
        const res = create
          ? await call(server, cookie, 'POST', '/api/clients', { name })
          : await call(server, cookie, 'GET', '/api/clients');
        outcome.status = res.status;
        if (res.status >= 400) {
          outcome.code = res.body.code;
          outcome.message = res.body.message;
          outcome.retryAfter = res.headers.get('retry-after');
        }
      } catch (err) {
        outcome.error = String((err as Error).cause ?? err);
      }
      outcome.end = Date.now();
      outcomes.push(outcome);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return {
    outcomes,
    async stop() {
      running = false;
      await done;
      return outcomes;
    },
  };
}
