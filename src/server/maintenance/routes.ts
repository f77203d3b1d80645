import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../shared/ids';
import {
  maintenanceList,
  maintenanceQuery,
  maintenanceRequest,
  maintenanceWindow,
} from '../../shared/maintenance';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { createWindow, endWindow, listWindows } from './service';

export async function maintenanceRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/maintenance',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: maintenanceQuery, response: { 200: maintenanceList } },
    },
    async (request) => ({ data: await listWindows(contextOf(services, request), request.query) }),
  );
  r.post(
    '/api/maintenance',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { body: maintenanceRequest, response: { 201: maintenanceWindow } },
    },
    async (request, reply) => {
      reply.status(201);
      return createWindow(contextOf(services, request), request.body);
    },
  );
  r.delete(
    '/api/maintenance/:id',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await endWindow(contextOf(services, request), request.params.id);
      reply.status(204);
      return null;
    },
  );
}
