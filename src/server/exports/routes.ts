import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { incidentsExportQuery, websitesExportQuery } from '../../shared/exports';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { csvAnswer as csv, sendCsv } from './csv';
import { clientsCsv, incidentsCsv, websitesCsv } from './service';

const today = (services: Services) => services.clock.now().toISOString().slice(0, 10);

/** CSV downloads of the lists: websites (with their client), clients and incidents. */
export async function exportRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/websites/export.csv',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: websitesExportQuery, response: { 200: csv } },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `websites-${today(services)}.csv`,
        await websitesCsv(contextOf(services, request), request.query),
      ),
  );

  r.get(
    '/api/clients/export.csv',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: csv } },
    },
    async (request, reply) =>
      sendCsv(reply, `clients-${today(services)}.csv`, await clientsCsv(contextOf(services, request))),
  );

  r.get(
    '/api/incidents/export.csv',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: incidentsExportQuery, response: { 200: csv } },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `incidents-${today(services)}.csv`,
        await incidentsCsv(contextOf(services, request), request.query),
      ),
  );
}
