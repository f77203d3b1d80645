import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../shared/ids';
import { clientReport, reportQuery, reportSchedule, reportScheduleRequest } from '../../shared/reports';
import { sendCsv, sendDownload } from '../exports/csv';
import type { Services } from '../services';
import { reportCsv } from './csv';
import { reportPdf } from './document';
import { getSchedule, saveSchedule } from './schedule';
import { clientReport as buildReport } from './service';

const fileName = (r: { client: { name: string }; from: string; to: string }, ext: string) =>
  `${r.client.name}-report-${r.from}-to-${r.to}.${ext}`;

/** A client's report over a period: JSON, PDF and CSV, all from the same figures. */
export async function reportRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { params: idParams, querystring: reportQuery };

  r.get(
    '/api/clients/:id/report',
    { schema: { ...schema, response: { 200: clientReport } } },
    async (request) => buildReport(services, request.params.id, request.query),
  );

  r.get(
    '/api/clients/:id/report.pdf',
    { schema: { ...schema, response: { 200: z.instanceof(Buffer).describe('The report as a PDF') } } },
    async (request, reply) => {
      const report = await buildReport(services, request.params.id, request.query);
      const pdf = await reportPdf(services, report);
      return sendDownload(reply, fileName(report, 'pdf'), 'application/pdf', pdf);
    },
  );

  r.get(
    '/api/clients/:id/report.csv',
    { schema: { ...schema, response: { 200: z.string().describe("The report's figures as CSV") } } },
    async (request, reply) => {
      const report = await buildReport(services, request.params.id, request.query);
      return sendCsv(reply, fileName(report, 'csv'), reportCsv(report));
    },
  );

  r.get(
    '/api/clients/:id/report-schedule',
    { schema: { params: idParams, response: { 200: reportSchedule } } },
    async (request) => getSchedule(services.db, request.params.id),
  );

  r.put(
    '/api/clients/:id/report-schedule',
    { schema: { params: idParams, body: reportScheduleRequest, response: { 200: reportSchedule } } },
    async (request) => saveSchedule(services, request.params.id, request.body, request.user),
  );
}
