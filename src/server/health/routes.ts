import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../../shared/health';
import type { Services } from '../services';

export async function healthRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { public: true, sessionless: true },
      schema: { response: { 200: healthResponse, 503: healthResponse } },
    },
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
}
