import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNED_OUT_EVERYWHERE } from '../../shared/account-access';
import {
  forgotPasswordRequest,
  forgotPasswordResponse,
  loginRequest,
  loginResponse,
  meResponse,
  resetPasswordRequest,
  SCOPABLE_ROLES,
  sessionUser,
  setupRequest,
  setupStatusResponse,
} from '../../shared/auth';
import { messageResponse } from '../../shared/errors';
import { unauthorized } from '../core/errors';
import { sensitiveLimit } from '../http/rate-limits';
import {
  clearSessionCookie,
  clientOf,
  requireUser,
  setDeviceCookie,
  setSessionCookie,
} from '../http/session';
import type { Services } from '../services';
import { DEVICE_COOKIE } from './device';
import { endAccountAccess } from './end-access';
import { REMEMBERED_BROWSER_COOKIE, REMEMBERED_BROWSER_PATH } from './remembered-browsers';
import { type AuthDeps, forgotPassword, login, resetPassword } from './service';
import { createSession, noteSessionClient, revokeSession } from './sessions';

// Sign-in, password and account routes count failed attempts (and throttle them) even when the
// request fails: they commit as they go instead of in one transaction with their audit entry, which
// is written right after the change (`audit.transaction: false`).
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
    box: services.box,
    jobs: services.jobs,
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
    { config: { access: 'public' }, schema: { response: { 200: meResponse } } },
    async (request) => {
      if (!request.user) throw unauthorized('Not signed in.');
      const { clientIds, twoFactorDue, ...user } = request.user;
      // A limit applies to the roles that can have one: the web app hides what it would refuse.
      return {
        ...user,
        clientIds: SCOPABLE_ROLES.includes(user.role) ? clientIds : null,
        twoFactorDue: twoFactorDue ? twoFactorDue.toISOString() : null,
      };
    },
  );

  r.post(
    '/api/auth/login',
    {
      // A successful sign-in is audited as the person it signed in (the answer names them).
      config: { access: 'public', audit: { signIn: true, targetType: 'users', transaction: false } },
      schema: { body: loginRequest, response: { 200: loginResponse } },
    },
    async (request, reply) => {
      const result = await login(deps(request.log), request.body, clientOf(request), {
        device: request.cookies[DEVICE_COOKIE],
        rememberedBrowser: request.cookies[REMEMBERED_BROWSER_COOKIE],
      });
      if ('twoFactorRequired' in result) return result; // no session until the second factor
      const { user, session, deviceCookie } = result;
      await noteSessionClient(services, session.token, clientOf(request));
      if (request.sessionToken) await revokeSession(services, request.sessionToken);
      setSessionCookie(request, reply, session);
      setDeviceCookie(request, reply, deviceCookie);
      if (result.rememberedBrowser)
        reply.setCookie(REMEMBERED_BROWSER_COOKIE, result.rememberedBrowser.token, {
          path: REMEMBERED_BROWSER_PATH,
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          expires: result.rememberedBrowser.expiresAt,
        });
      return user;
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { audit: { transaction: false }, access: 'public' },
      schema: { response: { 200: messageResponse } },
    },
    async (request, reply) => {
      if (request.sessionToken) await revokeSession(services, request.sessionToken);
      clearSessionCookie(request, reply);
      return { message: 'Signed out' };
    },
  );

  // Not public: signing out every device needs the session that proves who is asking.
  r.post(
    '/api/auth/logout-all',
    {
      config: { audit: { transaction: false }, access: 'session', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: messageResponse } },
    },
    async (request, reply) => {
      await endAccountAccess(services, services.clock, requireUser(request).id);
      clearSessionCookie(request, reply);
      return { message: SIGNED_OUT_EVERYWHERE };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { audit: { transaction: false }, access: 'public', rateLimit: sensitiveLimit },
      schema: { body: forgotPasswordRequest, response: { 200: forgotPasswordResponse } },
    },
    async (request) => forgotPassword(deps(request.log), request.body.email),
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { audit: { transaction: false }, access: 'public', rateLimit: sensitiveLimit },
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
    { config: { access: 'public' }, schema: { response: { 200: setupStatusResponse } } },
    async () => ({
      needed: await services.setup.isNeeded(services.db),
    }),
  );

  r.post(
    '/api/auth/setup',
    {
      // The first Owner is audited as themselves, with their account as the target.
      config: {
        audit: { signIn: true, targetType: 'users', transaction: false },
        access: 'public',
        rateLimit: sensitiveLimit,
      },
      schema: { body: setupRequest, response: { 200: sessionUser } },
    },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const user = await services.setup.createFirstUser(services, token, input);
      request.log.info({ userId: user.id }, 'First account created');
      const session = await createSession(services, services.clock, user.id, false);
      await noteSessionClient(services, session.token, clientOf(request));
      setSessionCookie(request, reply, session);
      return user;
    },
  );
}
