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
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { createClient, deleteClient, getClient, listClientPage, listClients, updateClient } from './service';
import { assignWebsites, listClientWebsites } from './websites';

// The tag routes of clients (/api/clients/{id}/tags) come from the taggable-resource registry in tags/.
export async function clientRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/clients',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: clientListQuery, response: { 200: clientListResponse } },
    },
    async (request) =>
      wantsPage(request.query, CLIENT_FILTER_KEYS)
        ? listClientPage(contextOf(services, request), request.query)
        : listClients(contextOf(services, request)),
  );

  r.get(
    '/api/clients/:id',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: client } },
    },
    async (request) => getClient(contextOf(services, request), request.params.id),
  );

  r.get(
    '/api/clients/:id/websites',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: clientWebsiteList } },
    },
    async (request) => listClientWebsites(contextOf(services, request), request.params.id),
  );

  r.post(
    '/api/clients/:id/websites',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: idParams, body: assignWebsitesRequest, response: { 200: assignWebsitesResult } },
    },
    async (request) =>
      assignWebsites(contextOf(services, request), request.params.id, request.body.websiteIds),
  );

  r.post(
    '/api/clients',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { body: clientRequest, response: { 201: client } },
    },
    async (request, reply) => {
      reply.status(201);
      return createClient(contextOf(services, request), request.body);
    },
  );

  r.put(
    '/api/clients/:id',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: idParams, body: clientRequest, response: { 200: client } },
    },
    async (request) => updateClient(contextOf(services, request), request.params.id, request.body),
  );

  r.delete(
    '/api/clients/:id',
    {
      config: { access: 'session-or-token', role: 'admin', freshTwoFactor: false },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteClient(contextOf(services, request), request.params.id);
      reply.status(204);
      return null;
    },
  );
}
