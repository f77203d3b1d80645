import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forgotPasswordRequest,
  forgotPasswordResponse,
  loginRequest,
  resetPasswordRequest,
  sessionUser,
  setupRequest,
  setupStatusResponse,
} from '../../shared/auth';
import { messageResponse } from '../../shared/errors';
import { unauthorized } from '../http/errors';
import { clearSessionCookie, clientOf, requireUser, setSessionCookie } from '../http/session';
import type { Services } from '../services';
import { type AuthDeps, forgotPassword, login, resetPassword } from './service';
import { createSession, noteSessionClient, revokeSession, revokeUserSessions } from './sessions';

// Reset and setup requests per IP: enough for a person retrying, too few to mine tokens or spam mail.
const sensitiveLimit = { max: 10, timeWindow: '15 minutes' };

export async function authRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (log: AuthDeps['log']): AuthDeps => ({
    db: services.db,
    clock: services.clock,
    throttle: services.throttle,
    log,
    mode: services.config.mode,
    appUrl: services.config.appUrl,
    mailer: services.mailer,
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 'too_many_requests',
      message: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 60_000)} minutes and try again.`,
    }),
  });

  r.get(
    '/api/auth/me',
    { config: { public: true }, schema: { response: { 200: sessionUser } } },
    async (request) => {
      if (!request.user) throw unauthorized('Not signed in.');
      return request.user;
    },
  );

  r.post(
    '/api/auth/login',
    { config: { public: true }, schema: { body: loginRequest, response: { 200: sessionUser } } },
    async (request, reply) => {
      const { user, session } = await login(deps(request.log), request.body, request.ip);
      await noteSessionClient(services.db, session.token, clientOf(request));
      if (request.sessionToken) await revokeSession(services.db, request.sessionToken);
      setSessionCookie(request, reply, session);
      return user;
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { public: true }, schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      if (request.sessionToken) await revokeSession(services.db, request.sessionToken);
      clearSessionCookie(request, reply);
      return { message: 'Signed out' };
    },
  );

  // Not public: signing out every device needs the session that proves who is asking.
  r.post(
    '/api/auth/logout-all',
    { schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      await revokeUserSessions(services.db, requireUser(request).id);
      clearSessionCookie(request, reply);
      return { message: 'Signed out on every device' };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { public: true, rateLimit: sensitiveLimit },
      schema: { body: forgotPasswordRequest, response: { 200: forgotPasswordResponse } },
    },
    async (request) => forgotPassword(deps(request.log), request.body.email),
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { public: true, rateLimit: sensitiveLimit },
      schema: { body: resetPasswordRequest, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      await resetPassword(deps(request.log), request.body.token, request.body.newPassword);
      clearSessionCookie(request, reply);
      return { message: 'Your password has been reset. Please sign in with your new password.' };
    },
  );

  r.get(
    '/api/auth/setup',
    { config: { public: true }, schema: { response: { 200: setupStatusResponse } } },
    async () => ({
      needed: await services.setup.isNeeded(services.db),
    }),
  );

  r.post(
    '/api/auth/setup',
    {
      config: { public: true, rateLimit: sensitiveLimit },
      schema: { body: setupRequest, response: { 200: sessionUser } },
    },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const user = await services.setup.createFirstUser(services.db, token, input);
      request.log.info({ userId: user.id }, 'First account created');
      const session = await createSession(services.db, services.clock, user.id, false);
      await noteSessionClient(services.db, session.token, clientOf(request));
      setSessionCookie(request, reply, session);
      return user;
    },
  );
}
