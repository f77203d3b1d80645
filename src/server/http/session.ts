import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FRESH_TWO_FACTOR_MINUTES,
  FRESH_TWO_FACTOR_NEEDED,
  FRESH_TWO_FACTOR_TOKEN,
  roleAtLeast,
  roleRefusal,
  SCOPABLE_ROLES,
  type SignedInUser,
  TWO_FACTOR_NEEDED_FOR_ACTION,
  TWO_FACTOR_REQUIRED,
} from '../../shared/auth';
import {
  type ClientInfo,
  DEVICE_COOKIE,
  DEVICE_COOKIE_DAYS,
  DEVICE_COOKIE_PATH,
  findSessionUser,
  type NewSession,
  SESSION_COOKIE,
} from '../auth';
import { AppError, unauthorized } from '../core/errors';
import type { Services } from '../services';
import { findTokenUser } from '../tokens';
import { ACCOUNT_TOKEN_REFUSAL } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedInUser | undefined;
    /** The session cookie's token, when the request is signed in with one. */
    sessionToken: string | undefined;
    /** The personal API token's id, when the request is made with one. */
    apiTokenId: number | undefined;
    /** That token's name. */
    apiTokenName: string | undefined;
  }
}

/** The bearer token of a request (`Authorization: Bearer …`; '' when malformed), if it carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  // Other schemes (a proxy's Basic auth passed through) are not ours to judge.
  const header = request.headers.authorization;
  if (!header || !/^Bearer(\s|$)/i.test(header)) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
}

const READ_ONLY_TOKEN =
  'This API token is read-only: it can only read (GET). Create a token without "read-only" to make changes.';
const TOKEN_REFUSED = 'This API token is not valid: it may be wrong, expired or revoked.';

/**
 * Who is asking, on every request that matched a route: a personal API token (Authorization: Bearer)
 * or else the session cookie, checked against the access the matched route declares (access.ts).
 * A token is refused on routes that are not `session-or-token`, so a leaked token can never reach
 * sign-in, the account, the team or other tokens. A request that matched no route gets its 404 from
 * the not-found handler.
 */
export async function registerSessions(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionToken', undefined);
  app.decorateRequest('apiTokenId', undefined);
  app.decorateRequest('apiTokenName', undefined);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    if (route.url === undefined || route.config.sessionless) return;
    const access = route.config.access;
    const bearer = bearerToken(request);
    if (bearer !== undefined) {
      if (access !== 'session-or-token') {
        const refusal = route.config.tokenRefusal ?? ACCOUNT_TOKEN_REFUSAL;
        throw new AppError(
          refusal.status,
          refusal.status === 401 ? 'token_not_allowed' : 'forbidden',
          refusal.message,
        );
      }
      // A wrong, expired or revoked token: one answer, which does not say which.
      const found = bearer ? await findTokenUser(services, services.clock, bearer) : undefined;
      if (!found) throw new AppError(401, 'invalid_token', TOKEN_REFUSED);
      if (found.readOnly && request.method !== 'GET' && request.method !== 'HEAD')
        throw new AppError(403, 'forbidden', READ_ONLY_TOKEN);
      request.user = found.user;
      request.apiTokenId = found.tokenId;
      request.apiTokenName = found.tokenName;
      requireRole(request);
      requireTwoFactorWhenDue(request, services.clock.now());
      requireFreshSecondFactor(request, services.clock.now());
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 128) {
      const user = await findSessionUser(services, services.clock, token, clientOf(request));
      if (user) {
        request.user = user;
        request.sessionToken = token;
      }
    }
    if (!request.user && access !== 'public') throw unauthorized();
    requireRole(request);
    requireTwoFactorWhenDue(request, services.clock.now());
    requireFreshSecondFactor(request, services.clock.now());
  });
}

/**
 * Routes that change credentials or who may do what declare `freshTwoFactor`: a person who signs in
 * with two factors must have proved the second one in this session within the last minutes (so a
 * borrowed, already open browser is not enough). A personal API token cannot prove it.
 */
function requireFreshSecondFactor(request: FastifyRequest, now: Date): void {
  const user = request.user;
  if (request.routeOptions.config.twoFactorOnly && user && !user.twoFactorOn)
    throw new AppError(403, 'two_factor_needed', TWO_FACTOR_NEEDED_FOR_ACTION);
  if (!request.routeOptions.config.freshTwoFactor || !user?.twoFactorOn) return;
  if (request.apiTokenId !== undefined)
    throw new AppError(403, 'fresh_two_factor_required', FRESH_TWO_FACTOR_TOKEN);
  const at = user.secondFactorAt;
  if (at && now.getTime() - at.getTime() <= FRESH_TWO_FACTOR_MINUTES * 60_000) return;
  throw new AppError(403, 'fresh_two_factor_required', FRESH_TWO_FACTOR_NEEDED);
}

/**
 * The agency's two-factor rule, once a person's grace week is over and they still have not turned it
 * on: they reach only their own account (`/api/auth/…`: who they are, sign-out, two-factor set-up),
 * by the route matched, as every guard decides; everything else answers 403 saying what to do.
 */
function requireTwoFactorWhenDue(request: FastifyRequest, now: Date): void {
  const due = request.user?.twoFactorDue;
  if (!due || due.getTime() > now.getTime()) return;
  if (request.routeOptions.url?.startsWith('/api/auth/')) return;
  throw new AppError(403, 'two_factor_required', TWO_FACTOR_REQUIRED);
}

/** The route's role against the person's (a token's owner's): a 403 that names both when too low. */
function requireRole(request: FastifyRequest): void {
  const needed = request.routeOptions.config.role;
  const user = request.user;
  if (needed && user && !roleAtLeast(user.role, needed))
    throw new AppError(403, 'forbidden', roleRefusal(needed, user.role));
}

/** The context a route calls its services with: the services, and the person (or their token) asking. */
export function contextOf(services: Services, request: FastifyRequest): Services {
  const user = request.user;
  // A change runs in its request's transaction (with its audit entry): so do the jobs it queues.
  const tx = request.tx;
  return {
    ...services,
    ...(tx ? { db: tx, jobs: services.jobs.within(tx) } : {}),
    actor: user
      ? {
          id: user.id,
          username: user.username,
          role: user.role,
          tokenId: request.apiTokenId,
          // A limit applies only to the roles that can have one (an Admin's stored limit is void).
          clientIds: SCOPABLE_ROLES.includes(user.role) ? user.clientIds : null,
        }
      : undefined,
  };
}

/** Where a request comes from, as Settings shows it beside each session. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function requireUser(request: FastifyRequest): SignedInUser {
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

/** The device cookie of a successful sign-in: sent back only to the sign-in route, for a year. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
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
