import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/ids';
import { wantsPage } from '../../shared/lists';
import {
  refreshQuery,
  SERVER_FILTER_KEYS,
  serverDetail,
  serverList,
  serverListQuery,
  serverListResponse,
} from '../../shared/servers';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { getServer, listServerPage, listServers } from './service';

export async function serverRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = {
    config: { access: 'session-or-token' as const, role: 'viewer' as const, freshTwoFactor: false },
    schema: { querystring: refreshQuery, response: { 200: serverList } },
  };
  r.get(
    '/api/servers',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: serverListQuery, response: { 200: serverListResponse } },
    },
    async (request) =>
      wantsPage(request.query, SERVER_FILTER_KEYS)
        ? listServerPage(contextOf(services, request), request.query)
        : listServers(contextOf(services, request), request.query.refresh === 'true'),
  );
  // The Integrations page reads the same list under the integration's own path.
  r.get('/api/integrations/gridpane/servers', list, async (request) =>
    listServers(contextOf(services, request), request.query.refresh === 'true'),
  );
  r.get(
    '/api/servers/:id',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: serverDetail } },
    },
    async (request) => getServer(contextOf(services, request), request.params.id),
  );
}
