import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notePersonWrite, watchFreshness } from '../core/cache/kept';

/**
 * A response that used a kept answer still being computed again (background work changed what it
 * reads) says so with this header; the next read gets the new answer.
 */
export const REFRESHING_HEADER = 'agency-hub-refreshing';

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A request that may write: any but a read, and a read asking a provider's data again (`refresh=true`). */
const mayWrite = (request: FastifyRequest) =>
  !reads.has(request.method) || (request.query as { refresh?: unknown } | undefined)?.refresh === 'true';
const freshnessOf = new WeakMap<FastifyRequest, { refreshing: boolean }>();

/**
 * Every request runs watching whether it read a previous answer; a request that may write marks the
 * moment it starts and ends, so no answer computed before a person's change is served after it.
 */
export function registerFreshness(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (mayWrite(request)) notePersonWrite();
    freshnessOf.set(request, watchFreshness(done));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (freshnessOf.get(request)?.refreshing) reply.header(REFRESHING_HEADER, 'true');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    if (mayWrite(request)) notePersonWrite();
  });
}
