import { z } from 'zod';

export const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['pglite', 'postgres']),
  message: z.string().optional(),
});

/** GET /api/health/ready: 200 when this instance can serve, 503 with the reason otherwise. */
export const readinessResponse = z.object({
  ready: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
  message: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessResponse>;
