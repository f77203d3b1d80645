import { z } from 'zod';

/**
 * The one error shape of every /api failure, with the matching status (400 invalid input, 401 not
 * signed in, 403, 404, 409 conflict, 429 with Retry-After, 502/504 when a provider fails or times out).
 */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
