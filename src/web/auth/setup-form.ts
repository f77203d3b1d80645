import { setupRequest } from '@shared/auth';
import { z } from 'zod';

/** The first-run form: the API body without the token (it comes from the link), plus a confirmation. */
export const setupForm = setupRequest
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
