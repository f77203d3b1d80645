import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError, forbidden } from '../core/errors';
import { bearerToken } from './session';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The HSTS policy sent on every answer to a request that arrived over https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response: a CSP without inline scripts, nosniff, a referrer policy, no
 * framing; HSTS when the request came over https (directly, or through a trusted proxy that says so);
 * and `Cache-Control: no-store` on every answer of an API route, decided from the matched route.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes; no inline <style> or <script> is needed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    hsts: false, // sent below, only on https: over plain http a browser ignores it anyway
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApiRoute(request.routeOptions.url)) reply.header('cache-control', 'no-store');
  });
}

/** Whether a matched route (its pattern, not the URL as spelled) belongs to the API. */
export const isApiRoute = (routeUrl: string | undefined): boolean =>
  routeUrl !== undefined && (routeUrl === '/api' || routeUrl.startsWith('/api/'));

/**
 * CSRF defence for every state-changing route, whatever its access (sign-in included): a cross-site
 * browser request is refused, and a body must be JSON (an HTML form cannot send that without CORS,
 * which we never allow). A request that matched no route is left to the not-found handler.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || request.routeOptions.url === undefined) return;
    // A bearer token is not sent by a browser on its own (no ambient credential to ride on), and the
    // session hook then ignores the cookie: CSRF cannot apply.
    if (bearerToken(request) !== undefined) return;
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') {
      throw forbidden('Cross-site requests are not allowed. Use Agency Hub from its own address.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      if (originHost === undefined || originHost !== normalisedHost(request.protocol, request.host)) {
        throw forbidden('Cross-site requests are not allowed. Use Agency Hub from its own address.');
      }
    }
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 ||
      request.headers['transfer-encoding'] !== undefined;
    const type = request.headers['content-type'] ?? '';
    if (hasBody && !/^application\/json\s*(;|$)/i.test(type)) {
      throw new AppError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON (Content-Type: application/json).',
      );
    }
  });
}

function normalisedHost(protocol: string, host: string): string | undefined {
  try {
    return new URL(`${protocol}://${host}`).host; // drops a default port, as browsers do in Origin
  } catch {
    return undefined;
  }
}
