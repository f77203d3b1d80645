import type { FastifyInstance } from 'fastify';
import { badRequest } from '../core/errors';

function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, v] of Object.entries(value)) {
    const found = findNul(key, path, depth + 1) ?? findNul(v, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL cannot store the NUL character in text, and no person types one: any request carrying it
 * (body, query or path) is refused up front with a 400 instead of failing at the database.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const field = findNul(value, '');
      if (field !== undefined) {
        throw badRequest(
          `Text must not contain the NUL character (in the ${where}${field ? `, field ${field}` : ''}).`,
          field ? { [field]: ['Must not contain the NUL character'] } : undefined,
        );
      }
    }
  });
}
