import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPage, activityQuery } from '../../shared/activity';
import type { Services } from '../services';
import { listActivity } from './service';

export async function activityRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/activity',
      { schema: { querystring: activityQuery, response: { 200: activityPage } } },
      async (request) => listActivity(services.db, request.query),
    );
}
