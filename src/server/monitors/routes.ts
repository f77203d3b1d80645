import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { wantsPage } from '../../shared/lists';
import {
  MONITOR_FILTER_KEYS,
  monitorData,
  monitorListQuery,
  monitorListResponse,
  updateResponseTimesResponse,
} from '../../shared/monitors';
import { loadSettings } from '../integrations/service';
import type { Services } from '../services';
import { FIGURES_JOB } from './figures';
import { listMonitorPage, listMonitors, monitorData as readMonitorData } from './service';

export async function monitorRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/monitors',
    { schema: { querystring: monitorListQuery, response: { 200: monitorListResponse } } },
    async (request) =>
      wantsPage(request.query, MONITOR_FILTER_KEYS)
        ? listMonitorPage(services, request.query)
        : listMonitors(services, request.query.refresh === 'true'),
  );
  r.post(
    '/api/monitors/update-response-times',
    { schema: { response: { 202: updateResponseTimesResponse } } },
    async (_request, reply) => {
      await loadSettings(services, 'betteruptime');
      // One provider call per monitor: answered at once, done as a job (results land in the cache).
      await services.jobs.send(FIGURES_JOB);
      return reply
        .status(202)
        .send({ message: 'Refreshing uptime and response times in the background.', started: true });
    },
  );
  r.get('/api/websites/monitor-data', { schema: { response: { 200: monitorData } } }, async () =>
    readMonitorData(services),
  );
}
