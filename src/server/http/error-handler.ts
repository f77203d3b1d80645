import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../../shared/errors';
import { AppError } from '../core/errors';
import { isProviderError } from '../core/outbound/provider-error';

const SERVER_ERROR =
  'Something went wrong on our side. Please try again; if it keeps happening, check the server log.';
const DATABASE_DOWN = 'The database is not reachable right now. Please try again in a moment.';

// Fastify's own 4xx errors, told in words a person can act on.
const fastifyMessages: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'The request body is empty; send a JSON object.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'unsupported_media_type',
    'Send the request body as JSON (Content-Type: application/json).',
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body_too_large', 'The request body is too large (the limit is 1 MiB).'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    'invalid_content_length',
    'The request body does not match its Content-Length.',
  ],
};

const databaseDownCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

const connectionLost =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** The link of the cause chain saying the database cannot be reached (node-postgres), if any. */
function databaseDownCause(err: unknown): { code?: string; message?: string } | undefined {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const link = e as { code?: string; message?: string };
    if (link.code && databaseDownCodes.has(link.code)) return link;
    // Anchored: Drizzle's wrapper quotes the query and its parameters, which may hold any text.
    if (connectionLost.test(link.message ?? '')) return link;
  }
  return undefined;
}

/**
 * Turns every error into the one JSON error shape (`{ message, code, fieldErrors? }`, see
 * @shared/errors) with its status; 5xx never leak internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorResponse = { message: SERVER_ERROR, code: 'internal_error' };
    const down = databaseDownCause(err);

    if (err instanceof AppError) {
      status = err.status;
      body = {
        message: err.message,
        code: err.code,
        ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}),
      };
      if (err.headers) reply.headers(err.headers);
    } else if (isProviderError(err)) {
      // Provider trouble: its message is already safe to show and names the provider.
      status = err.status;
      body = { message: err.message, code: `provider_${err.kind}` };
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      request.log.warn(
        { provider: err.provider, kind: err.kind, upstreamStatus: err.upstreamStatus },
        err.message,
      );
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const fieldErrors: Record<string, string[]> = {};
      const messages: string[] = [];
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const message = issue.message ?? 'Invalid value';
        messages.push(message);
        if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
      }
      const where = err.validationContext === 'body' ? '' : ` (in the ${err.validationContext})`;
      body = {
        message: `${[...new Set(messages)].join('; ')}${where}`,
        code: 'invalid_input',
        ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
      };
    } else if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'Response did not match its schema');
    } else if (err.code && fastifyMessages[err.code]) {
      const [s, code, message] = fastifyMessages[err.code]!;
      status = s;
      body = { message, code };
    } else if (down) {
      status = 503;
      body = { message: DATABASE_DOWN, code: 'database_unavailable' };
      // The cause only: the wrapping query error quotes parameters (session token hashes, names).
      request.log.warn({ code: down.code, cause: down.message }, 'Database unavailable');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { message: err.message, code: (err.code ?? 'bad_request').toLowerCase() };
    } else {
      request.log.error({ err }, 'Unhandled error');
    }
    // The default wait is for the database; a provider's own wait (a 429 passed on) is kept.
    if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', '5');
    return reply.status(status).send(body);
  });
}
