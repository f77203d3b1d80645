import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markReadRequest, markReadResponse, notificationList } from '../../shared/notifications';
import { contextOf, requireUser } from '../http/session';
import type { Services } from '../services';
import { listNotifications, markRead } from './service';

export async function notificationRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/notifications',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: notificationList } },
    },
    async (request) => listNotifications(contextOf(services, request), requireUser(request).id),
  );
  r.post(
    '/api/notifications/read',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { body: markReadRequest, response: { 200: markReadResponse } },
    },
    async (request) =>
      markRead(contextOf(services, request), requireUser(request).id, request.body, services.clock.now()),
  );
}
