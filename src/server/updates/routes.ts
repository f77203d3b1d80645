import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/ids';
import {
  createUpdateRunBody,
  updateRun,
  updateRunCreated,
  updateRunListQuery,
  updateRunPage,
  updateRunPlan,
} from '../../shared/updates';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { previewUpdateRun } from './plan';
import { cancelUpdateRun, createUpdateRun } from './runs';
import { listUpdateRuns, readUpdateRun } from './views';

export async function updateRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // What a run would do with this body, before it is asked for: it writes nothing, so it leaves no audit entry.
  r.post(
    '/api/updates/plan',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { body: createUpdateRunBody, response: { 200: updateRunPlan } },
    },
    async (request) => previewUpdateRun(contextOf(services, request), request.body),
  );

  r.post(
    '/api/updates/runs',
    {
      config: {
        access: 'session-or-token',
        role: 'staff',
        freshTwoFactor: false,
        audit: { action: 'updates.run_requested' },
      },
      schema: { body: createUpdateRunBody, response: { 201: updateRunCreated } },
    },
    async (request, reply) => {
      const created = await createUpdateRun(contextOf(services, request), request.body);
      reply.status(201);
      return created;
    },
  );

  r.get(
    '/api/updates/runs',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: updateRunListQuery, response: { 200: updateRunPage } },
    },
    async (request) => listUpdateRuns(contextOf(services, request), request.query),
  );

  r.get(
    '/api/updates/runs/:id',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: updateRun } },
    },
    async (request) => readUpdateRun(contextOf(services, request), request.params.id),
  );

  r.post(
    '/api/updates/runs/:id/cancel',
    {
      config: {
        access: 'session-or-token',
        role: 'staff',
        freshTwoFactor: false,
        audit: { action: 'updates.run_cancel_requested' },
      },
      schema: { params: idParams, response: { 202: updateRun } },
    },
    async (request, reply) => {
      const ctx = contextOf(services, request);
      await cancelUpdateRun(ctx, request.params.id);
      reply.status(202);
      return readUpdateRun(ctx, request.params.id);
    },
  );
}
