import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../shared/errors';
import { SESSION_COOKIE } from '../auth';
import { declareAccess } from './access';

export const OPENAPI_URL = '/api/openapi.json';
export const DOCS_URL = '/api/docs';

type Schema = Record<string, unknown>;
const zodToJson = createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } });
const errorSchema = z.toJSONSchema(errorResponse) as Schema;
const error = (description: string) => ({ ...errorSchema, description });

/**
 * The OpenAPI document, made from the same zod schemas that validate each request and serialise each
 * answer, plus the errors every route can give (the one JSON error shape, `@shared/errors`).
 */
function describeRoute(doc: Parameters<typeof zodToJson>[0] & { route: RouteOptions }) {
  if (!doc.url.startsWith('/api/')) return { schema: { hide: true }, url: doc.url };
  const { schema, url } = zodToJson(doc) as { schema: Schema; url: string };
  if (schema.hide) return { schema, url };
  const config = doc.route.config as
    | { access?: string; rateLimit?: unknown; tokenRefusal?: unknown }
    | undefined;
  const isPublic = config?.access === 'public';
  const responses = (schema.response ?? {}) as Record<string, Schema>;
  const hasInput = ['body', 'querystring', 'params'].some((k) => doc.route.schema?.[k as 'body']);
  schema.response = {
    ...responses,
    ...(hasInput ? { 400: error('Invalid input: `fieldErrors` names each field and what is wrong') } : {}),
    ...(isPublic ? {} : { 401: error(unauthorizedText(config?.access)) }),
    ...(config?.access === 'session' && !config.tokenRefusal
      ? { 403: error('Personal API tokens are refused on /api/auth/*') }
      : {}),
    ...(url.includes('/:') ? { 404: error('No such item (or not yours)') } : {}),
    ...(config?.rateLimit ? { 429: error('Too many requests: wait for `Retry-After` seconds') } : {}),
    default: error('Any other error, in the same shape'),
  };
  schema.tags = [url.split('/')[2]];
  if (isPublic) schema.security = [];
  else if (config?.access === 'session') schema.security = [{ session: [] }];
  return { schema, url };
}

const unauthorizedText = (access: string | undefined) =>
  access === 'session'
    ? 'Not signed in (this route needs a browser session; personal API tokens are refused)'
    : 'Not signed in, or an API token that is wrong, expired or revoked';

/** Registers the generator; must come before the routes it documents. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Agency Hub API',
        version: '1',
        description:
          'Everything the Agency Hub web app does, as JSON over HTTP. Sign in with the session cookie, or ' +
          'send a personal API token (Settings → API tokens) as `Authorization: Bearer …`. Errors are ' +
          '`{ message, code, fieldErrors? }` with the status saying what kind.',
      },
      components: {
        securitySchemes: {
          token: { type: 'http', scheme: 'bearer', description: 'A personal API token (ahp_…)' },
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
      security: [{ token: [] }, { session: [] }],
    },
    transform: describeRoute as never,
    transformObject: jsonSchemaTransformObject,
  });
}

/** The document at /api/openapi.json and the reference at /api/docs, both for signed-in users only. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.get(
    OPENAPI_URL,
    { config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false }, schema: { hide: true } },
    async () => app.swagger(),
  );
  // Swagger UI is served from its npm package (no CDN); its page loads only files, no inline script.
  await app.register(async (docs) => {
    declareAccess(docs, 'session-or-token', 'viewer');
    await docs.register(swaggerUi, {
      routePrefix: DOCS_URL,
      // The areas open collapsed: a reference of this size (over 120 operations) stops drawing
      // part-way when every operation is listed at once, and the list of areas is the better index.
      uiConfig: {
        deepLinking: true,
        tryItOutEnabled: false,
        displayRequestDuration: true,
        docExpansion: 'none',
      },
      theme: { title: 'Agency Hub API reference' },
    });
  });
}
