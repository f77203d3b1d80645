import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backupExportQuery,
  backupListQuery,
  backupPage as backupPageAnswer,
  backupSummary as backupSummaryAnswer,
  backupSummaryQuery,
  websiteBackups,
} from '../../shared/backups';
import { idParams } from '../../shared/ids';
import { csvAnswer as csv, sendCsv, toCsv } from '../exports';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { backupCsvRows, backupPage, backupSummary, readWebsiteBackups } from './views';

export async function backupRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/backups/summary',
    {
      config: { access: 'session-or-token', role: 'viewer' },
      schema: { querystring: backupSummaryQuery, response: { 200: backupSummaryAnswer } },
    },
    async (request) => backupSummary(contextOf(services, request), request.query),
  );

  r.get(
    '/api/backups',
    {
      config: { access: 'session-or-token', role: 'viewer' },
      schema: { querystring: backupListQuery, response: { 200: backupPageAnswer } },
    },
    async (request) => backupPage(contextOf(services, request), request.query),
  );

  r.get(
    '/api/backups/export.csv',
    {
      config: { access: 'session-or-token', role: 'viewer' },
      schema: { querystring: backupExportQuery, response: { 200: csv } },
    },
    async (request, reply) => {
      const { header, rows } = await backupCsvRows(contextOf(services, request), request.query);
      return sendCsv(
        reply,
        `backups-${services.clock.now().toISOString().slice(0, 10)}.csv`,
        toCsv(header, rows),
      );
    },
  );

  r.get(
    '/api/websites/:id/backups',
    {
      config: { access: 'session-or-token', role: 'viewer' },
      schema: { params: idParams, response: { 200: websiteBackups } },
    },
    async (request) => readWebsiteBackups(contextOf(services, request), request.params.id),
  );
}
