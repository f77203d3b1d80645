import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse, readinessResponse } from '../../shared/health';
import type { Services } from '../services';
import { DATABASE_BUSY, DATABASE_UNREACHABLE, pingDatabase, readiness } from './service';

export async function healthRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'public' as const, sessionless: true };
  // Liveness: answers within a second whatever holds the database, saying when it is busy.
  r.get(
    '/api/health',
    { config, schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const database = services.database.kind;
      const ping = await pingDatabase(services);
      if (ping === 'ok') return { status: 'ok' as const, database };
      const message = ping === 'busy' ? DATABASE_BUSY : DATABASE_UNREACHABLE;
      return reply.status(503).send({ status: 'error' as const, database, message });
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
