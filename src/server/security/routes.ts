import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/ids';
import { websiteSecurity } from '../../shared/security';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { readWebsiteSecurity } from './website';

export async function securityRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/websites/:id/security',
    {
      config: { access: 'session-or-token', role: 'viewer' },
      schema: { params: idParams, response: { 200: websiteSecurity } },
    },
    async (request) => readWebsiteSecurity(contextOf(services, request), request.params.id),
  );
}
