import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPage, activityQuery } from '../../shared/activity';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { listActivity } from './service';

export async function activityRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/activity',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: activityQuery, response: { 200: activityPage } },
    },
    async (request) => listActivity(contextOf(services, request), request.query),
  );
}
