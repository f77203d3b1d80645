import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { appendAudit } from './chain';
import { redact } from './redact';

/** What a route may declare about its audit entry (`config.audit`); everything else is derived. */
export type AuditConfig =
  | false
  | {
      /** The action instead of the derived one. */
      action?: string;
      /** The target type instead of the derived one. */
      targetType?: string;
      /** Keys of the body whose values are secrets besides the ones every route redacts (a webhook URL). */
      redact?: string[];
      /**
       * The route signs a person in: a 2xx answer that names a person (`id`, `username`) is audited as
       * that person, with them as the target; an answer that names nobody (a second factor is still
       * needed) signs no one in and is not audited.
       */
      signIn?: boolean;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides of the audit entry this route's successful changes write, or false for none. */
    audit?: AuditConfig;
  }
  interface FastifyRequest {
    /** The body as the client sent it, before validation filled in defaults. */
    sentBody: unknown;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A parameter holding a row's id (`:id`, `:tagId`) names the target; any other (`:provider`) names what. */
const isIdParam = (name: string) => name === 'id' || name.endsWith('Id');

type Derived = { action: string; targetType: string; targetParam: string | null };

/**
 * The action and target of a route, from its path after `/api/` and its method:
 *
 * - The path's fixed segments name it, joined with "."; an id parameter (`:id`, `:tagId`) is left
 *   out, any other parameter (`:provider`) reads as its value: `/api/integrations/:provider` →
 *   integrations.gridpane.
 * - The verb: PUT and PATCH add `update`, DELETE adds `delete`, a POST whose route declares a 201
 *   Created answer adds `create`; any other POST already ends in what it does
 *   (`/api/checks/:id/pause` → checks.pause, `/api/alerts/channels/:id/test` → alerts.channels.test).
 * - The target is the first id parameter, its type the fixed segments before it
 *   (`/api/clients/:id/tags/:tagId` → clients, the client's id). A route without an id parameter
 *   targets its fixed segments, and the created object's id when it answers one.
 */
export function deriveAudit(
  method: string,
  url: string,
  params: Record<string, string>,
  creates: boolean,
): Derived {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const named: string[] = [];
  let targetType: string | null = null;
  let targetParam: string | null = null;
  for (const part of parts) {
    if (!part.startsWith(':')) named.push(part);
    else if (!isIdParam(part.slice(1))) named.push(params[part.slice(1)] ?? part.slice(1));
    else if (targetParam === null) {
      targetParam = part.slice(1);
      targetType = named.join('.');
    }
  }
  const verb =
    method === 'DELETE'
      ? 'delete'
      : method === 'PUT' || method === 'PATCH'
        ? 'update'
        : creates
          ? 'create'
          : null;
  return {
    action: [...named, ...(verb ? [verb] : [])].join('.'),
    targetType: targetType ?? named.join('.'),
    targetParam,
  };
}

/** A JSON object answer (what a POST created, who signed in), if the answer is one. */
function answered(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The `id` of a JSON object answer, if it has one. */
function answeredId(payload: unknown): string | null {
  const id = answered(payload)?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

type Acting = { type: 'user' | 'token'; id: number; name: string };

/** Who the entry is by: the person signed in (in the browser or by token), or the one a sign-in named. */
function actingOf(request: FastifyRequest, payload: unknown, signIn: boolean): Acting | null {
  if (signIn) {
    const who = answered(payload);
    return typeof who?.id === 'number' && typeof who.username === 'string'
      ? { type: 'user', id: who.id, name: who.username }
      : null;
  }
  const user = request.user;
  if (!user) return null;
  return { type: request.apiTokenId === undefined ? 'user' : 'token', id: user.id, name: user.username };
}

function bodyOf(request: FastifyRequest): unknown {
  const body = request.sentBody;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'object' && !Buffer.isBuffer(body)) return body;
  return { body };
}

/**
 * The audit rule, registered once for the whole app: every request that changes something (any method
 * but GET, HEAD and OPTIONS), answered 2xx, by a signed-in person (in the browser or by a personal API
 * token) writes one audit entry, before its answer leaves; so does a successful sign-in, as the person
 * it signed in. A failed sign-in names nobody the log could hold to it: the sign-in limiter counts
 * those. Routes do not write entries themselves; a route may only override the derived action and
 * target or add keys to redact (`config.audit`).
 *
 * The entry's changes are the fields the request sent (secrets redacted) plus the route's id
 * parameters other than the target's. The values before the change are not known at this point: the
 * hook sees the request and the answer, not the rows, so an entry records what was asked, not a diff.
 *
 * The entry is written after the route committed its change. When it cannot be written the request
 * answers 500 (the change stays made): a change is never reported as done without its entry.
 */
export function registerAuditLog(app: FastifyInstance, services: Services): void {
  app.decorateRequest('sentBody', undefined);
  // Validation replaces the body with its parsed value (defaults added): the entry keeps what was sent.
  app.addHook('preValidation', async (request) => {
    if (!READS.has(request.method)) request.sentBody = request.body;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions;
    const config = route.config?.audit;
    if (READS.has(request.method) || route.url === undefined || config === false) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const signIn = config?.signIn === true;
    const actor = actingOf(request, payload, signIn);
    if (!actor) return payload;
    // Parameters as the path spelled them (validation may have made numbers of them).
    const params = Object.fromEntries(
      Object.entries((request.params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
    // A route that declares a 201 answer creates: its action reads the same whatever this answer was.
    const creates = '201' in ((route.schema?.response ?? {}) as Record<string, unknown>);
    const derived = deriveAudit(request.method, route.url, params, creates);
    const extra: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(params))
      if (isIdParam(name) && name !== derived.targetParam) extra[name] = value;
    const body = bodyOf(request);
    const sent = body === undefined ? {} : (redact(body, config?.redact) as Record<string, unknown>);
    const changes = { ...sent, ...extra };
    await appendAudit(services, {
      at: services.clock.now(),
      actorType: actor.type,
      actorId: actor.id,
      actorName: actor.name,
      action: config?.action ?? derived.action,
      targetType: config?.targetType ?? derived.targetType,
      targetId: signIn
        ? String(actor.id)
        : derived.targetParam
          ? (params[derived.targetParam] ?? null)
          : answeredId(payload),
      changes: Object.keys(changes).length ? changes : null,
      ip: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
      requestId: request.id ?? null,
    });
    return payload;
  });
}
