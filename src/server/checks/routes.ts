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
  checkResultsQueryAt,
  checksQuery,
  createChecksForWebsitesRequest,
  createChecksForWebsitesResponse,
} from '../../shared/checks';
import { contextOf } from '../http/session';
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
  const now = () => services.clock.now();

  r.get(
    '/api/checks',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: checksQuery, response: { 200: checkList } },
    },
    async (request) => ({
      data: await listChecks(contextOf(services, request), { websiteId: request.query.websiteId }),
    }),
  );
  r.post(
    '/api/checks',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { body: checkRequest, response: { 201: check } },
    },
    async (request, reply) => {
      const ctx = contextOf(services, request);
      const created = await createCheck(ctx, request.body);
      await refreshDomainOf(ctx, created.url);
      reply.status(201);
      return created;
    },
  );
  r.post(
    '/api/checks/for-websites',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { body: createChecksForWebsitesRequest, response: { 200: createChecksForWebsitesResponse } },
    },
    async (request) => createChecksForWebsites(contextOf(services, request), request.body.websiteIds),
  );
  r.get(
    '/api/checks/:id',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params, response: { 200: checkDetail } },
    },
    async (request) => {
      const data = await getCheck(contextOf(services, request), request.params.id);
      return { data, uptime: await uptimeSpans(services, request.params.id, data.intervalSeconds) };
    },
  );
  r.put(
    '/api/checks/:id',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params, body: checkRequest, response: { 200: check } },
    },
    async (request) => updateCheck(contextOf(services, request), request.params.id, request.body),
  );
  r.delete(
    '/api/checks/:id',
    {
      config: { access: 'session-or-token', role: 'admin', freshTwoFactor: false },
      schema: { params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteCheck(contextOf(services, request), request.params.id);
      reply.status(204);
      return null;
    },
  );
  r.post(
    '/api/checks/:id/pause',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params, response: { 200: check } },
    },
    async (request) => setPaused(contextOf(services, request), request.params.id, true),
  );
  r.post(
    '/api/checks/:id/resume',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params, response: { 200: check } },
    },
    async (request) => setPaused(contextOf(services, request), request.params.id, false),
  );
  r.get(
    '/api/checks/:id/results',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params, querystring: checkResultsQueryAt(now), response: { 200: checkResults } },
    },
    async (request) => {
      await getCheck(contextOf(services, request), request.params.id); // 404: unknown, or not theirs
      return listResults(services, request.params.id, request.query);
    },
  );
}
