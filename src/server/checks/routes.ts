import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  check,
  checkDetail,
  checkIdParams,
  checkList,
  checkRequest,
  checkResults,
  checkResultsQuery,
  checksQuery,
  createChecksForWebsitesRequest,
  createChecksForWebsitesResponse,
} from '../../shared/checks';
import type { Services } from '../services';
import { refreshDomainOf } from './domains';
import { listResults, uptimeSpans } from './results';
import {
  createCheck,
  createChecksForWebsites,
  deleteCheck,
  getCheck,
  listChecks,
  setPaused,
  updateCheck,
} from './service';

export async function checkRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = checkIdParams;

  r.get(
    '/api/checks',
    { schema: { querystring: checksQuery, response: { 200: checkList } } },
    async (request) => ({
      data: await listChecks(services, { websiteId: request.query.websiteId }),
    }),
  );
  r.post(
    '/api/checks',
    { schema: { body: checkRequest, response: { 201: check } } },
    async (request, reply) => {
      const created = await createCheck(services, request.body, request.user);
      await refreshDomainOf(services, created.url);
      return reply.status(201).send(created);
    },
  );
  r.post(
    '/api/checks/for-websites',
    { schema: { body: createChecksForWebsitesRequest, response: { 200: createChecksForWebsitesResponse } } },
    async (request) => createChecksForWebsites(services, request.body.websiteIds, request.user),
  );
  r.get('/api/checks/:id', { schema: { params, response: { 200: checkDetail } } }, async (request) => ({
    data: await getCheck(services, request.params.id),
    uptime: await uptimeSpans(services, request.params.id),
  }));
  r.put(
    '/api/checks/:id',
    { schema: { params, body: checkRequest, response: { 200: check } } },
    async (request) => updateCheck(services, request.params.id, request.body, request.user),
  );
  r.delete('/api/checks/:id', { schema: { params, response: { 204: z.null() } } }, async (request, reply) => {
    await deleteCheck(services, request.params.id, request.user);
    return reply.status(204).send(null);
  });
  r.post('/api/checks/:id/pause', { schema: { params, response: { 200: check } } }, async (request) =>
    setPaused(services, request.params.id, true, request.user),
  );
  r.post('/api/checks/:id/resume', { schema: { params, response: { 200: check } } }, async (request) =>
    setPaused(services, request.params.id, false, request.user),
  );
  r.get(
    '/api/checks/:id/results',
    { schema: { params, querystring: checkResultsQuery, response: { 200: checkResults } } },
    async (request) => {
      await getCheck(services, request.params.id); // 404 for an unknown check
      return listResults(services, request.params.id, request.query);
    },
  );
}
