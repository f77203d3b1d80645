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
import { sessionOnly } from '../http/access';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { createChannel, deleteChannel, listChannels, updateChannel } from './channels';
import { sendTest } from './deliver';

/**
 * Where alerts go is who hears of an outage: adding, changing or removing a channel takes a person in
 * a browser (never a token) and, with two-factor sign-in, a recent code. A channel's test may be sent
 * by a token.
 */
const channelsOnly = sessionOnly('add, change or remove alert channels');

export async function alertRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/alerts/channels',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: alertChannelList } },
    },
    async () => ({
      data: await listChannels(services),
    }),
  );
  r.post(
    '/api/alerts/channels',
    {
      // A Slack or webhook address is itself the key to post there: it never reaches the audit log.
      config: { ...channelsOnly, role: 'admin', freshTwoFactor: true, audit: { redact: ['url'] } },
      schema: { body: alertChannelRequest, response: { 201: createdAlertChannel } },
    },
    async (request, reply) => {
      reply.status(201);
      return createChannel(contextOf(services, request), request.body);
    },
  );
  r.put(
    '/api/alerts/channels/:id',
    {
      config: { ...channelsOnly, role: 'admin', freshTwoFactor: true, audit: { redact: ['url'] } },
      schema: { params: idParams, body: alertChannelRequest, response: { 200: createdAlertChannel } },
    },
    async (request) => updateChannel(contextOf(services, request), request.params.id, request.body),
  );
  r.delete(
    '/api/alerts/channels/:id',
    {
      config: { ...channelsOnly, role: 'admin', freshTwoFactor: true },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteChannel(contextOf(services, request), request.params.id);
      reply.status(204);
      return null;
    },
  );
  r.post(
    '/api/alerts/channels/:id/test',
    {
      // It calls the channel (seconds at worst) and keeps the delivery whatever the answer: it commits
      // as it goes, its entry right after.
      config: {
        access: 'session-or-token',
        role: 'admin',
        freshTwoFactor: false,
        audit: { transaction: false },
      },
      schema: { params: idParams, response: { 200: alertTestResponse } },
    },
    async (request) => sendTest(services, request.params.id),
  );
}
