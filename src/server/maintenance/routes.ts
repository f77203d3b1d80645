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
import type { Services } from '../services';
import { createWindow, endWindow, listWindows } from './service';

export async function maintenanceRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/maintenance',
    { schema: { querystring: maintenanceQuery, response: { 200: maintenanceList } } },
    async (request) => ({ data: await listWindows(services, request.query) }),
  );
  r.post(
    '/api/maintenance',
    { schema: { body: maintenanceRequest, response: { 201: maintenanceWindow } } },
    async (request, reply) =>
      reply.status(201).send(await createWindow(services, request.body, request.user)),
  );
  r.delete(
    '/api/maintenance/:id',
    { schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await endWindow(services, request.params.id, request.user);
      return reply.status(204).send(null);
    },
  );
}
