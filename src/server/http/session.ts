import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/auth';
import { type ClientInfo, findSessionUser, type NewSession, SESSION_COOKIE } from '../auth/sessions';
import type { Services } from '../services';
import { findTokenUser } from '../tokens/service';
import { AppError, forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes on the unauthenticated allowlist (quality bar S1). Everything else needs a session. */
    public?: boolean;
    /** Public routes that never read the session (health): they answer even when the lookup cannot. */
    sessionless?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | undefined;
    /** The session cookie's token, when the request is signed in with one. */
    sessionToken: string | undefined;
    /** The personal API token's id, when the request is made with one. */
    apiTokenId: number | undefined;
  }
}

/** The bearer token of a request (`Authorization: Bearer …`; '' when malformed), if it carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  // Other schemes (a proxy's Basic auth passed through) are not ours to judge.
  const header = request.headers.authorization;
  if (!header || !/^Bearer(\s|$)/i.test(header)) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
}

const TOKEN_REFUSED = 'This API token is not valid: it may be wrong, expired or revoked.';

/**
 * Who is asking, on every API call: a personal API token (Authorization: Bearer) or else the session
 * cookie. Non-public routes refuse anyone else. Tokens never reach /api/auth/* (sign-in, password,
 * sessions), so a leaked token cannot take over the account.
 */
export async function registerSessions(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionToken', undefined);
  app.decorateRequest('apiTokenId', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.sessionless) return;
    const bearer = bearerToken(request);
    if (bearer !== undefined) {
      if (request.url.startsWith('/api/auth/')) {
        throw forbidden(
          'Personal API tokens cannot be used on the sign-in and account routes (/api/auth/…).',
        );
      }
      // A wrong, expired or revoked token: one answer, which does not say which.
      const found = bearer ? await findTokenUser(services.db, services.clock, bearer) : undefined;
      if (!found) throw new AppError(401, 'invalid_token', TOKEN_REFUSED);
      request.user = found.user;
      request.apiTokenId = found.tokenId;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 128) {
      const user = await findSessionUser(services.db, services.clock, token, clientOf(request));
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

/** Where a request comes from, as Settings shows it beside each session. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

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
