import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uptimeList, uptimeQuery } from '../../shared/uptime';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { listUptime } from './service';

export async function uptimeRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/uptime',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: uptimeQuery, response: { 200: uptimeList } },
    },
    async (request) => listUptime(contextOf(services, request), request.query),
  );
}
