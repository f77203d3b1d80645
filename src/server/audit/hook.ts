import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db } from '../db/client';
import type { Services } from '../services';
import { type AuditRecord, appendAudit } from './chain';
import { type AuditHead, noteAuditHead } from './head';
import { redact } from './redact';
import { rekeyLegacyChain } from './rekey';
import { changesOf, type Row, readTarget } from './snapshots';

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
      /**
       * false: the route commits as it goes, and its entry is written right after the change instead of
       * in its transaction. For routes that count failed attempts (which must stay counted when the
       * request fails) and routes that wait on the network while they change something (a test message
       * to an alert channel), which no transaction should wait for.
       */
      transaction?: false;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides of the audit entry this route's successful changes write, or false for none. */
    audit?: AuditConfig;
  }
  interface FastifyRequest {
    /** The body as the client sent it, before validation filled in defaults. */
    sentBody: unknown;
    /**
     * The transaction a change runs in, with its audit entry: services reach it through the context
     * the route builds (`contextOf`), so the change and its entry commit together or not at all.
     */
    tx: Db | undefined;
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

/** A JSON object answer (what a POST created, who signed in): the value a route returned, or its text. */
function answered(payload: unknown): Record<string, unknown> | null {
  if (payload !== null && typeof payload === 'object' && !Array.isArray(payload) && !Buffer.isBuffer(payload))
    return payload as Record<string, unknown>;
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

type Acting = {
  type: 'user' | 'token';
  id: number;
  name: string;
  tokenId: number | null;
  tokenName: string | null;
};

/** Who the entry is by: the person signed in (in the browser or by token), or the one a sign-in named. */
function actingOf(request: FastifyRequest, payload: unknown, signIn: boolean): Acting | null {
  if (signIn) {
    const who = answered(payload);
    return typeof who?.id === 'number' && typeof who.username === 'string'
      ? { type: 'user', id: who.id, name: who.username, tokenId: null, tokenName: null }
      : null;
  }
  const user = request.user;
  if (!user) return null;
  const token = request.apiTokenId;
  return {
    type: token === undefined ? 'user' : 'token',
    id: user.id,
    name: user.username,
    tokenId: token ?? null,
    tokenName: token === undefined ? null : (request.apiTokenName ?? null),
  };
}

function bodyOf(request: FastifyRequest): Row {
  const body = request.sentBody;
  if (body === undefined || body === null) return {};
  if (typeof body === 'object' && !Buffer.isBuffer(body) && !Array.isArray(body)) return body as Row;
  return { body };
}

/** What an entry is about, known before the route runs: its action, its target and the other ids. */
type Plan = {
  config: Exclude<AuditConfig, false> | undefined;
  signIn: boolean;
  action: string;
  targetType: string;
  /** The target's id when the path names it; a route that creates names it in its answer. */
  targetId: string | null;
  ids: Row;
};

function planOf(request: FastifyRequest): Plan | null {
  const route = request.routeOptions;
  const config = route.config?.audit;
  if (READS.has(request.method) || route.url === undefined || config === false) return null;
  // Parameters as the path spelled them (validation may have made numbers of them).
  const params = Object.fromEntries(
    Object.entries((request.params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
  // A route that declares a 201 answer creates: its action reads the same whatever this answer was.
  const creates = '201' in ((route.schema?.response ?? {}) as Record<string, unknown>);
  const derived = deriveAudit(request.method, route.url, params, creates);
  const ids: Row = {};
  for (const [name, value] of Object.entries(params))
    if (isIdParam(name) && name !== derived.targetParam) ids[name] = value;
  return {
    config,
    signIn: config?.signIn === true,
    action: config?.action ?? derived.action,
    targetType: config?.targetType ?? derived.targetType,
    targetId: derived.targetParam ? (params[derived.targetParam] ?? null) : null,
    ids,
  };
}

/** The entry a successful change writes, or null when nobody the log could hold to it acted. */
function recordOf(
  request: FastifyRequest,
  reply: FastifyReply,
  plan: Plan,
  payload: unknown,
  rows: { before: Row | null | undefined; after: Row | null | undefined },
  now: Date,
): AuditRecord | null {
  if (reply.statusCode < 200 || reply.statusCode >= 300) return null;
  const actor = actingOf(request, payload, plan.signIn);
  if (!actor) return null;
  return {
    at: now,
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    tokenId: actor.tokenId,
    tokenName: actor.tokenName,
    action: plan.action,
    targetType: plan.targetType,
    targetId: plan.signIn ? String(actor.id) : (plan.targetId ?? answeredId(payload)),
    changes: changesOf({
      ...rows,
      sent: redact(bodyOf(request), plan.config?.redact) as Row,
      ids: plan.ids,
      redactKeys: plan.config?.redact,
    }),
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
    requestId: request.id ?? null,
  };
}

/**
 * The audit rule, registered once for the whole app: every request that changes something (any method
 * but GET, HEAD and OPTIONS), answered 2xx, by a signed-in person (in the browser or by a personal API
 * token, which the entry names) writes one audit entry; so does a successful sign-in, as the person it
 * signed in. A failed sign-in names nobody the log could hold to it: the sign-in limiter counts those.
 * Routes do not write entries themselves; a route may only override the derived action and target or
 * add keys to redact (`config.audit`).
 *
 * Each such route runs in one transaction with its entry: the target's row is read before the route
 * runs and again after it, in that transaction, so the entry records the fields that changed with
 * their values before and after (see `changesOf`); the entry is appended before the transaction
 * commits, and the answer leaves only after it did. A route that fails (an error, a refusal) rolls its
 * change back and writes no entry; an entry that cannot be written rolls the change back.
 *
 * A route that must commit as it goes (`audit.transaction: false`: sign-in and second-factor routes,
 * whose failed attempts must stay counted) gets its entry in its own transaction right after the
 * change, before its answer leaves; when that fails the request answers 500 with the change made.
 *
 * Once an entry has committed, it is written as the chain's head outside the database (see
 * `noteAuditHead`) before the answer leaves. On start, a log written before the chain was keyed is
 * re-keyed (see `rekeyLegacyChain`).
 */
export function registerAuditLog(app: FastifyInstance, services: Services): void {
  app.decorateRequest('sentBody', undefined);
  app.decorateRequest('tx', undefined);
  // Validation replaces the body with its parsed value (defaults added): the entry keeps what was sent.
  app.addHook('preValidation', async (request) => {
    if (!READS.has(request.method)) request.sentBody = request.body;
  });

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((m) => READS.has(m)) || route.config?.audit === false) return;
    const config = route.config?.audit;
    if (config?.transaction === false) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function audited(request, reply) {
      const plan = planOf(request);
      if (!plan) return handler.call(this, request, reply);
      let head: AuditHead | undefined;
      const answer = await services.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        request.tx = tx;
        try {
          const before = await readTarget(tx, plan.targetType, plan.targetId);
          const result = await handler.call(this, request, reply);
          if (reply.sent)
            throw new Error(
              `${request.method} ${route.url} sent its answer itself: a route that changes data returns ` +
                'its answer (the status set with reply.status()), so it leaves after the change commits.',
            );
          const targetId = plan.targetId ?? answeredId(result);
          const after = await readTarget(tx, plan.targetType, targetId);
          const record = recordOf(request, reply, plan, result, { before, after }, services.clock.now());
          if (record) head = await appendAudit({ db: tx, box: services.box }, record);
          return result;
        } finally {
          request.tx = undefined;
        }
      });
      // The entry has committed: it is the newest the head outside the database may name.
      await noteAuditHead(services.config.auditHeadFile, head, request.log);
      return answer;
    };
  });

  // An answer must not leave before its change commits (it could still be undone).
  app.addHook('onSend', async (request) => {
    if (request.tx)
      throw new Error(
        `${request.method} ${request.routeOptions.url} answered inside its transaction: a route that ` +
          'changes data returns its answer (the status set with reply.status()) instead of sending it.',
      );
  });

  // The routes that commit as they go: their entry follows the change, before the answer leaves.
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config?.audit;
    if (!config || config.transaction !== false) return payload;
    const plan = planOf(request);
    if (!plan) return payload;
    const record = recordOf(
      request,
      reply,
      plan,
      payload,
      { before: undefined, after: undefined },
      services.clock.now(),
    );
    if (record)
      await noteAuditHead(services.config.auditHeadFile, await appendAudit(services, record), request.log);
    return payload;
  });

  // A log written before its chain was keyed is re-keyed once, before the app serves.
  app.addHook('onReady', () => rekeyLegacyChain(services, app.log));
}
