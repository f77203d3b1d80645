import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/ids';
import { wantsPage } from '../../shared/lists';
import {
  WEBSITE_FILTER_KEYS,
  websiteClient,
  websiteClientRequest,
  websiteDetail,
  websiteListQuery,
  websiteListResponse,
  websiteMonitorRequest,
  websiteOptions as websiteOptionsPage,
  websiteOptionsQuery,
} from '../../shared/websites';
import { setWebsiteClient } from '../clients';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { linkWebsiteMonitor } from './monitor-link';
import { websiteOptions } from './options';
import { readWebsiteRows } from './page';
import { readWebsiteDetail, readWebsites } from './views';

export async function websiteRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/websites',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: websiteListQuery, response: { 200: websiteListResponse } },
    },
    async (request) =>
      wantsPage(request.query, [...WEBSITE_FILTER_KEYS, 'refresh'])
        ? readWebsiteRows(contextOf(services, request), request.query)
        : readWebsites(contextOf(services, request), { removed: 'include' }),
  );
  r.get(
    '/api/websites/options',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: websiteOptionsQuery, response: { 200: websiteOptionsPage } },
    },
    async (request) => websiteOptions(contextOf(services, request), request.query.q, request.query.limit),
  );
  r.get(
    '/api/websites/:id',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: websiteDetail } },
    },
    async (request) => readWebsiteDetail(contextOf(services, request), request.params.id),
  );
  r.put(
    '/api/websites/:id/client',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: idParams, body: websiteClientRequest, response: { 200: websiteClient } },
    },
    async (request) =>
      setWebsiteClient(contextOf(services, request), request.params.id, request.body.clientId),
  );
  r.put(
    '/api/websites/:id/monitor',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: idParams, body: websiteMonitorRequest, response: { 200: websiteDetail } },
    },
    async (request) => {
      const ctx = contextOf(services, request);
      await linkWebsiteMonitor(ctx, request.params.id, request.body.monitorId);
      return readWebsiteDetail(ctx, request.params.id);
    },
  );
}
