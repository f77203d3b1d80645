import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { incidentList, incidentsQuery } from '../../shared/incidents';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { listIncidents } from './service';

export async function incidentRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/incidents',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: incidentsQuery, response: { 200: incidentList } },
    },
    async (request) => ({ data: await listIncidents(contextOf(services, request), request.query) }),
  );
}
