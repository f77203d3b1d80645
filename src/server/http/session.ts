import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/auth';
import { findSessionUser, type NewSession, SESSION_COOKIE } from '../auth/sessions';
import type { Services } from '../services';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes on the unauthenticated allowlist (quality bar S1). Everything else needs a session. */
    public?: boolean;
    /** Public routes that never read the session (health): they answer even when the lookup cannot. */
    sessionless?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | undefined;
    sessionToken: string | undefined;
  }
}

/** Reads the session cookie on every API call and refuses non-public routes without a valid session. */
export async function registerSessions(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionToken', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.sessionless) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 128) {
      const user = await findSessionUser(services.db, services.clock, token);
      if (user) {
        request.user = user;
        request.sessionToken = token;
      }
    }
    if (!request.user && request.routeOptions.config?.public !== true && request.routeOptions.url) {
      throw unauthorized();
    }
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // "Remember me": a 30-day cookie. Otherwise a browser-session cookie; the server ends it after 12 h.
    ...(session.rememberMe ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
