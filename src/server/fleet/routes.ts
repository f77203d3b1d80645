import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  coverage,
  coverageQuery,
  fleetCounts,
  fleetQuery,
  fleetSitesPage,
  fleetSitesQuery,
} from '../../shared/fleet';
import type { Services } from '../services';
import { coverage as findCoverage } from './coverage';
import { fleetCounts as countFleet, fleetSites } from './service';

export async function fleetRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/fleet',
    { schema: { querystring: fleetQuery, response: { 200: fleetCounts } } },
    async (request) => countFleet(services, request.query),
  );
  r.get(
    '/api/fleet/sites',
    { schema: { querystring: fleetSitesQuery, response: { 200: fleetSitesPage } } },
    async (request) => fleetSites(services, request.query),
  );
  r.get(
    '/api/coverage',
    { schema: { querystring: coverageQuery, response: { 200: coverage } } },
    async (request) => findCoverage(services, request.query.limit),
  );
}
