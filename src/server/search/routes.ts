import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuery, searchResponse } from '../../shared/search';
import type { Services } from '../services';
import { search } from './service';

export async function searchRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/search',
      { schema: { querystring: searchQuery, response: { 200: searchResponse } } },
      async (request) => ({
        data: await search(services, request.query.q, request.query.limit),
      }),
    );
}
