import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponse } from '../../shared/dashboard';
import type { Services } from '../services';
import { getDashboard } from './service';

export async function dashboardRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/dashboard', { schema: { response: { 200: dashboardResponse } } }, async () =>
      getDashboard(services),
    );
}
