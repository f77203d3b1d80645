import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertChannelList,
  alertChannelRequest,
  alertTestResponse,
  createdAlertChannel,
} from '../../shared/alerts';
import { idParams } from '../../shared/ids';
import type { Services } from '../services';
import { createChannel, deleteChannel, listChannels, updateChannel } from './channels';
import { sendTest } from './deliver';

export async function alertRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/alerts/channels', { schema: { response: { 200: alertChannelList } } }, async () => ({
    data: await listChannels(services),
  }));
  r.post(
    '/api/alerts/channels',
    { schema: { body: alertChannelRequest, response: { 201: createdAlertChannel } } },
    async (request, reply) =>
      reply.status(201).send(await createChannel(services, request.body, request.user)),
  );
  r.put(
    '/api/alerts/channels/:id',
    { schema: { params: idParams, body: alertChannelRequest, response: { 200: createdAlertChannel } } },
    async (request) => updateChannel(services, request.params.id, request.body, request.user),
  );
  r.delete(
    '/api/alerts/channels/:id',
    { schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteChannel(services, request.params.id, request.user);
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/api/alerts/channels/:id/test',
    { schema: { params: idParams, response: { 200: alertTestResponse } } },
    async (request) => sendTest(services, request.params.id),
  );
}
