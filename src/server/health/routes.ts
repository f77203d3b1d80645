import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse, readinessResponse } from '../../shared/health';
import type { Services } from '../services';
import { readiness } from './service';

export async function healthRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'public' as const, sessionless: true };
  r.get(
    '/api/health',
    { config, schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const database = services.database.kind;
      try {
        await services.database.ping();
        return { status: 'ok' as const, database };
      } catch {
        return reply
          .status(503)
          .send({ status: 'error' as const, database, message: 'The database is not reachable.' });
      }
    },
  );
  // For load balancers: send traffic here only while this instance can really serve it.
  r.get(
    '/api/health/ready',
    { config, schema: { response: { 200: readinessResponse, 503: readinessResponse } } },
    async (_request, reply) => {
      const state = await readiness(services);
      return reply.status(state.ready ? 200 : 503).send(state);
    },
  );
}
