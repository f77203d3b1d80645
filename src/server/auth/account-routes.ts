import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_CHANGED } from '../../shared/account-access';
import { changePasswordRequest, sessionList, sessionUser, updateProfileRequest } from '../../shared/auth';
import { messageResponse } from '../../shared/errors';
import { idParams } from '../../shared/ids';
import { unauthorized } from '../core/errors';
import { clearSessionCookie, contextOf, requireUser } from '../http/session';
import type { Services } from '../services';
import { changePassword, listSessions, revokeSessionById, updateProfile } from './account';

// Password and account routes count failed attempts (and throttle them) even when the
// request fails: they commit as they go instead of in one transaction with their audit entry, which
// is written right after the change (`audit.transaction: false`).
/** Settings → your account: profile, password, signed-in browsers. Sessions only (never API tokens). */
export async function accountRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = services;
  // Per-route rate limits come from the plugin authRoutes registered on this same context.

  r.patch(
    '/api/auth/profile',
    {
      // A new email needs the current password: guessing it here is as slow as at sign-in.
      config: {
        audit: { transaction: false },
        access: 'session',
        role: 'viewer',
        freshTwoFactor: false,
        rateLimit: { max: 10, timeWindow: '15 minutes' },
      },
      schema: { body: updateProfileRequest, response: { 200: sessionUser } },
    },
    async (request) => updateProfile(contextOf(services, request), requireUser(request), request.body),
  );

  r.post(
    '/api/auth/change-password',
    {
      // Guessing the current password from a stolen session is as slow as guessing it at sign-in.
      config: {
        audit: { transaction: false },
        access: 'session',
        role: 'viewer',
        freshTwoFactor: false,
        rateLimit: { max: 10, timeWindow: '15 minutes' },
      },
      schema: { body: changePasswordRequest, response: { 200: messageResponse } },
    },
    async (request) => {
      if (!request.sessionToken) throw unauthorized();
      await changePassword(
        contextOf(services, request),
        requireUser(request),
        request.sessionToken,
        request.body,
      );
      request.log.info({ userId: requireUser(request).id }, 'Password changed');
      return { message: PASSWORD_CHANGED };
    },
  );

  r.get(
    '/api/auth/sessions',
    {
      config: { access: 'session', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: sessionList } },
    },
    async (request) => listSessions({ db }, clock, requireUser(request).id, request.sessionToken),
  );

  r.delete(
    '/api/auth/sessions/:id',
    {
      config: { audit: { transaction: false }, access: 'session', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const { wasCurrent } = await revokeSessionById(
        { db },
        requireUser(request).id,
        request.params.id,
        request.sessionToken,
      );
      if (wasCurrent) clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );
}
