import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponse } from '../../shared/dashboard';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { getDashboard } from './service';

export async function dashboardRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: dashboardResponse } },
    },
    async (request) => getDashboard(contextOf(services, request)),
  );
}
