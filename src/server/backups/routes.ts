import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backupExportQuery,
  backupListQuery,
  backupNowBody,
  backupPage as backupPageAnswer,
  backupRequest,
  backupRequestAccepted,
  backupSettingsBody,
  backupSummary as backupSummaryAnswer,
  backupSummaryQuery,
  restoreBody,
  websiteBackups,
} from '../../shared/backups';
import { idParams } from '../../shared/ids';
import { csvAnswer as csv, sendCsv, toCsv } from '../exports';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { readBackupRequest, requestBackup, requestRestore } from './requests';
import { backupCsvRows, backupPage, backupSummary, readWebsiteBackups, setBackupThreshold } from './views';

export async function backupRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/backups/summary',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: backupSummaryQuery, response: { 200: backupSummaryAnswer } },
    },
    async (request) => backupSummary(contextOf(services, request), request.query),
  );

  r.get(
    '/api/backups',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: backupListQuery, response: { 200: backupPageAnswer } },
    },
    async (request) => backupPage(contextOf(services, request), request.query),
  );

  r.get(
    '/api/backups/export.csv',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
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
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: websiteBackups } },
    },
    async (request) => readWebsiteBackups(contextOf(services, request), request.params.id),
  );

  r.patch(
    '/api/websites/:id/backups',
    {
      config: {
        access: 'session-or-token',
        role: 'staff',
        freshTwoFactor: false,
        audit: { action: 'backup.settings_changed' },
      },
      schema: { params: idParams, body: backupSettingsBody, response: { 200: websiteBackups } },
    },
    async (request) => setBackupThreshold(contextOf(services, request), request.params.id, request.body),
  );

  r.post(
    '/api/websites/:id/backups',
    {
      config: {
        access: 'session-or-token',
        role: 'staff',
        freshTwoFactor: false,
        audit: { action: 'backup.requested' },
      },
      schema: { params: idParams, body: backupNowBody, response: { 202: backupRequestAccepted } },
    },
    async (request, reply) => {
      const accepted = await requestBackup(contextOf(services, request), request.params.id, request.body);
      reply.status(202);
      return accepted;
    },
  );

  r.get(
    '/api/backups/requests/:id',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: backupRequest } },
    },
    async (request) => readBackupRequest(contextOf(services, request), request.params.id),
  );

  r.post(
    '/api/websites/:id/backups/restore',
    {
      config: {
        access: 'session-or-token',
        role: 'admin',
        twoFactorOnly: true,
        freshTwoFactor: true,
        audit: { action: 'backup.restore_requested' },
      },
      schema: { params: idParams, body: restoreBody, response: { 202: backupRequestAccepted } },
    },
    async (request, reply) => {
      const accepted = await requestRestore(contextOf(services, request), request.params.id, request.body);
      reply.status(202);
      return accepted;
    },
  );
}
