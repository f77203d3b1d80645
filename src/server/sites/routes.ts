import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/ids';
import { wantsPage } from '../../shared/lists';
import { refreshQuery } from '../../shared/servers';
import {
  FLEET_FILTER_KEYS,
  siteDetail,
  siteListQuery,
  siteListResponse,
  siteOptions,
  siteOptionsQuery,
  siteSnapshotResponse,
} from '../../shared/sites';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { listSitePage, siteOptionsOf } from './list';
import { getSite, listSites } from './service';
import { getSiteSnapshot } from './snapshot';

export async function siteRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/sites',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: siteListQuery, response: { 200: siteListResponse } },
    },
    async (request) =>
      wantsPage(request.query, FLEET_FILTER_KEYS)
        ? listSitePage(contextOf(services, request), request.query)
        : listSites(contextOf(services, request), request.query.refresh === 'true'),
  );
  r.get(
    '/api/sites/options',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: siteOptionsQuery, response: { 200: siteOptions } },
    },
    async (request) => siteOptionsOf(contextOf(services, request), request.query),
  );
  r.get(
    '/api/sites/:id',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: siteDetail } },
    },
    async (request) => getSite(contextOf(services, request), request.params.id),
  );
  r.get(
    '/api/sites/:id/snapshot',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, querystring: refreshQuery, response: { 200: siteSnapshotResponse } },
    },
    async (request) =>
      getSiteSnapshot(contextOf(services, request), request.params.id, request.query.refresh === 'true'),
  );
}
