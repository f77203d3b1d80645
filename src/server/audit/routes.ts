import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditExportQueryAt, auditPage, auditQueryAt, auditVerification } from '../../shared/audit';
import { type Cell, sendCsv, toCsv } from '../exports/csv';
import type { Services } from '../services';
import { verifyAudit } from './chain';
import { listAudit, listAuditForExport } from './service';

const csv = z.string().describe('CSV (UTF-8, comma-separated, header row)');

/** The audit log: Admins and Owners read it, page it, export it and check its chain. */
export async function auditRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;
  const now = () => services.clock.now();
  const config = { access: 'session-or-token', role: 'admin' } as const;

  r.get(
    '/api/audit',
    { config, schema: { querystring: auditQueryAt(now), response: { 200: auditPage } } },
    async (request) => listAudit({ db }, request.query),
  );

  r.get('/api/audit/verify', { config, schema: { response: { 200: auditVerification } } }, async () =>
    verifyAudit({ db }),
  );

  r.get(
    '/api/audit/export.csv',
    { config, schema: { querystring: auditExportQueryAt(now), response: { 200: csv } } },
    async (request, reply) => {
      const entries = await listAuditForExport({ db }, request.query);
      const rows: Cell[][] = entries.map((e) => [
        e.id,
        e.at,
        e.actor.type,
        e.actor.id,
        e.actor.name,
        e.action,
        e.targetType,
        e.targetId,
        e.changes ? JSON.stringify(e.changes) : null,
        e.ip,
        e.userAgent,
        e.requestId,
      ]);
      const header = [
        'id',
        'at',
        'actor type',
        'actor id',
        'actor',
        'action',
        'target type',
        'target id',
        'changes',
        'ip',
        'user agent',
        'request id',
      ];
      return sendCsv(reply, `audit-${now().toISOString().slice(0, 10)}.csv`, toCsv(header, rows));
    },
  );
}
