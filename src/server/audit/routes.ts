import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditExportQueryAt, auditPage, auditQueryAt, auditVerification } from '../../shared/audit';
import { type Cell, streamCsv } from '../exports';
import type { Services } from '../services';
import { verifyAudit } from './chain';
import { auditBatches, listAudit } from './service';

const csv = z.string().describe('CSV (UTF-8, comma-separated, header row)');
const CSV_HEADER = [
  'id',
  'at',
  'actor type',
  'actor id',
  'actor',
  'token',
  'action',
  'target type',
  'target id',
  'changes',
  'ip',
  'user agent',
  'request id',
];

/** The audit log: Admins and Owners read it, page it, export it and check its chain. */
export async function auditRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;
  const now = () => services.clock.now();
  const config = { access: 'session-or-token', role: 'admin', freshTwoFactor: false } as const;

  r.get(
    '/api/audit',
    { config, schema: { querystring: auditQueryAt(now), response: { 200: auditPage } } },
    async (request) => listAudit({ db }, request.query),
  );

  r.get('/api/audit/verify', { config, schema: { response: { 200: auditVerification } } }, async (request) =>
    verifyAudit(services, request.log),
  );

  r.get(
    '/api/audit/export.csv',
    { config, schema: { querystring: auditExportQueryAt(now), response: { 200: csv } } },
    async (request, reply) => {
      async function* rows() {
        for await (const entries of auditBatches({ db }, request.query))
          yield entries.map((e): Cell[] => [
            e.id,
            e.at,
            e.actor.type,
            e.actor.id,
            e.actor.name,
            e.actor.token?.name ?? null,
            e.action,
            e.targetType,
            e.targetId,
            e.changes ? JSON.stringify(e.changes) : null,
            e.ip,
            e.userAgent,
            e.requestId,
          ]);
      }
      return streamCsv(reply, `audit-${now().toISOString().slice(0, 10)}.csv`, CSV_HEADER, rows());
    },
  );
}
