import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  coverage,
  coverageQuery,
  fleetCounts,
  fleetQuery,
  fleetSiteIds,
  fleetSiteIdsQuery,
  fleetSitesPage,
  fleetSitesQuery,
} from '../../shared/fleet';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { coverage as findCoverage } from './coverage';
import { fleetCounts as countFleet, fleetSiteIds as findSiteIds, fleetSites } from './service';

export async function fleetRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/fleet',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: fleetQuery, response: { 200: fleetCounts } },
    },
    async (request) => countFleet(contextOf(services, request), request.query),
  );
  r.get(
    '/api/fleet/sites',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: fleetSitesQuery, response: { 200: fleetSitesPage } },
    },
    async (request) => fleetSites(contextOf(services, request), request.query),
  );
  r.get(
    '/api/fleet/sites/ids',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: fleetSiteIdsQuery, response: { 200: fleetSiteIds } },
    },
    async (request) => findSiteIds(contextOf(services, request), request.query),
  );
  r.get(
    '/api/coverage',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: coverageQuery, response: { 200: coverage } },
    },
    async (request) => findCoverage(contextOf(services, request), request.query.limit),
  );
}
