import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError, forbidden } from './errors';
import { bearerToken } from './session';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers on every response (quality bar S7). */
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
    hsts: false, // Set by the TLS-terminating proxy, which knows whether HTTPS is in use.
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
  });
}

/**
 * CSRF defence for state-changing API calls (quality bar S6): a cross-site browser request is refused,
 * and a body must be JSON (an HTML form cannot send that without CORS, which we never allow).
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
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
