import { z } from 'zod';

export const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['pglite', 'postgres']),
  message: z.string().optional(),
});
