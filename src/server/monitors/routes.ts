import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/ids';
import { wantsPage } from '../../shared/lists';
import {
  MONITOR_FILTER_KEYS,
  monitorData,
  monitorListQuery,
  monitorListResponse,
  monitorRecent,
  updateResponseTimesResponse,
} from '../../shared/monitors';
import { notFound } from '../core/errors';
import { contextOf } from '../http/session';
import { loadSettings } from '../integrations';
import { BETTERUPTIME, FIGURES_JOB } from '../providers/betteruptime/keys';
import type { Services } from '../services';
import { recentMonitorFigures } from './recent';
import { listMonitorPage, listMonitors, monitorData as readMonitorData } from './service';

export async function monitorRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/monitors',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: monitorListQuery, response: { 200: monitorListResponse } },
    },
    async (request) =>
      wantsPage(request.query, MONITOR_FILTER_KEYS)
        ? listMonitorPage(contextOf(services, request), request.query)
        : listMonitors(contextOf(services, request), request.query.refresh === 'true'),
  );
  r.get(
    '/api/websites/:id/monitor',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: monitorRecent } },
    },
    async (request) => {
      const recent = await recentMonitorFigures(contextOf(services, request), request.params.id);
      if (!recent) throw notFound('No Better Uptime monitor watches this website');
      return recent;
    },
  );
  r.post(
    '/api/monitors/update-response-times',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { response: { 202: updateResponseTimesResponse } },
    },
    async (request, reply) => {
      const ctx = contextOf(services, request);
      await loadSettings(ctx, BETTERUPTIME);
      // One provider call per monitor: answered at once, done as a job (results land in the cache).
      await ctx.jobs.send(FIGURES_JOB);
      reply.status(202);
      return { message: 'Refreshing uptime and response times in the background.', started: true };
    },
  );
  r.get(
    '/api/websites/monitor-data',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: monitorData } },
    },
    async (request) => readMonitorData(contextOf(services, request)),
  );
}
