import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignWebsitesRequest,
  assignWebsitesResult,
  CLIENT_FILTER_KEYS,
  client,
  clientListQuery,
  clientListResponse,
  clientRequest,
  clientWebsiteList,
} from '../../shared/clients';
import { idParams } from '../../shared/ids';
import { wantsPage } from '../../shared/lists';
import type { Services } from '../services';
import { createClient, deleteClient, getClient, listClientPage, listClients, updateClient } from './service';
import { assignWebsites, listClientWebsites } from './websites';

// The tag routes of clients (/api/clients/{id}/tags) come from the taggable-resource registry in tags/.
export async function clientRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;

  r.get(
    '/api/clients',
    { schema: { querystring: clientListQuery, response: { 200: clientListResponse } } },
    async (request) =>
      wantsPage(request.query, CLIENT_FILTER_KEYS) ? listClientPage(db, request.query) : listClients(db),
  );

  r.get('/api/clients/:id', { schema: { params: idParams, response: { 200: client } } }, async (request) =>
    getClient(db, request.params.id),
  );

  r.get(
    '/api/clients/:id/websites',
    { schema: { params: idParams, response: { 200: clientWebsiteList } } },
    async (request) => listClientWebsites(services, request.params.id),
  );

  r.post(
    '/api/clients/:id/websites',
    { schema: { params: idParams, body: assignWebsitesRequest, response: { 200: assignWebsitesResult } } },
    async (request) => assignWebsites(services, request.params.id, request.body.websiteIds, request.user),
  );

  r.post(
    '/api/clients',
    { schema: { body: clientRequest, response: { 201: client } } },
    async (request, reply) => reply.status(201).send(await createClient(db, request.body, request.user)),
  );

  r.put(
    '/api/clients/:id',
    { schema: { params: idParams, body: clientRequest, response: { 200: client } } },
    async (request) => updateClient(db, request.params.id, request.body, request.user),
  );

  r.delete(
    '/api/clients/:id',
    { schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteClient(db, request.params.id, request.user);
      return reply.status(204).send(null);
    },
  );
}
