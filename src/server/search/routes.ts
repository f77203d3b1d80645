import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuery, searchResponse } from '../../shared/search';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { search } from './service';

export async function searchRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/search',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: searchQuery, response: { 200: searchResponse } },
    },
    async (request) => ({
      data: await search(contextOf(services, request), request.query.q, request.query.limit),
    }),
  );
}
