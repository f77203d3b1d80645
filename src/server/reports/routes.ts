import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../shared/ids';
import { clientReport, reportQueryAt, reportSchedule, reportScheduleRequest } from '../../shared/reports';
import { sendCsv, sendDownload } from '../exports';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { reportCsv } from './csv';
import { reportPdf } from './document';
import { getSchedule, saveSchedule } from './schedule';
import { clientReport as buildReport } from './service';

/** Named like the document: after its title (the company, else the contact). */
const fileName = (r: { title: string; from: string; to: string }, ext: string) =>
  `${r.title}-report-${r.from}-to-${r.to}.${ext}`;

/** A client's report over a period: JSON, PDF and CSV, all from the same figures. */
export async function reportRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { params: idParams, querystring: reportQueryAt(() => services.clock.now()) };

  r.get(
    '/api/clients/:id/report',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { ...schema, response: { 200: clientReport } },
    },
    async (request) => buildReport(contextOf(services, request), request.params.id, request.query),
  );

  r.get(
    '/api/clients/:id/report.pdf',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { ...schema, response: { 200: z.instanceof(Buffer).describe('The report as a PDF') } },
    },
    async (request, reply) => {
      const report = await buildReport(contextOf(services, request), request.params.id, request.query);
      const pdf = await reportPdf(services, report);
      return sendDownload(reply, fileName(report, 'pdf'), 'application/pdf', pdf);
    },
  );

  r.get(
    '/api/clients/:id/report.csv',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { ...schema, response: { 200: z.string().describe("The report's figures as CSV") } },
    },
    async (request, reply) => {
      const report = await buildReport(contextOf(services, request), request.params.id, request.query);
      return sendCsv(reply, fileName(report, 'csv'), reportCsv(report));
    },
  );

  r.get(
    '/api/clients/:id/report-schedule',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: reportSchedule } },
    },
    async (request) => getSchedule(contextOf(services, request), request.params.id),
  );

  r.put(
    '/api/clients/:id/report-schedule',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: idParams, body: reportScheduleRequest, response: { 200: reportSchedule } },
    },
    async (request) => saveSchedule(contextOf(services, request), request.params.id, request.body),
  );
}
