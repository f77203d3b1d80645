import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { incidentList, incidentsQuery } from '../../shared/incidents';
import type { Services } from '../services';
import { listIncidents } from './service';

export async function incidentRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/incidents',
      { schema: { querystring: incidentsQuery, response: { 200: incidentList } } },
      async (request) => ({ data: await listIncidents(services, request.query) }),
    );
}
