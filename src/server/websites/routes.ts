import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/ids';
import { wantsPage } from '../../shared/lists';
import { FLEET_FILTER_KEYS } from '../../shared/sites';
import {
  website,
  websiteClient,
  websiteClientRequest,
  websiteListQuery,
  websiteListResponse,
  websiteOptions as websiteOptionsPage,
  websiteOptionsQuery,
} from '../../shared/websites';
import { setWebsiteClient } from '../clients/websites';
import type { Services } from '../services';
import { websiteOptions } from './options';
import { getWebsite, listWebsitePage, listWebsites } from './service';

export async function websiteRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/websites',
    { schema: { querystring: websiteListQuery, response: { 200: websiteListResponse } } },
    async (request) =>
      wantsPage(request.query, FLEET_FILTER_KEYS)
        ? listWebsitePage(services.db, request.query)
        : listWebsites(services.db),
  );
  r.get(
    '/api/websites/options',
    { schema: { querystring: websiteOptionsQuery, response: { 200: websiteOptionsPage } } },
    async (request) => websiteOptions(services.db, request.query.q, request.query.limit),
  );
  r.get('/api/websites/:id', { schema: { params: idParams, response: { 200: website } } }, async (request) =>
    getWebsite(services.db, request.params.id),
  );
  r.put(
    '/api/websites/:id/client',
    { schema: { params: idParams, body: websiteClientRequest, response: { 200: websiteClient } } },
    async (request) => setWebsiteClient(services, request.params.id, request.body.clientId, request.user),
  );
}
