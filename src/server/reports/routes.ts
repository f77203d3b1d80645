import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/ids';
import { clientReport, reportQuery } from '../../shared/reports';
import type { Services } from '../services';
import { clientReport as buildReport } from './service';

/** A client's report over a period: JSON, PDF and CSV, all from the same figures. */
export async function reportRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/clients/:id/report',
    { schema: { params: idParams, querystring: reportQuery, response: { 200: clientReport } } },
    async (request) => buildReport(services, request.params.id, request.query),
  );
}
