import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../shared/ids';
import { apiTokenList, createdToken, createTokenRequest } from '../../shared/tokens';
import { sessionOnly } from '../http/access';
import { contextOf, requireUser } from '../http/session';
import type { Services } from '../services';
import { createToken, listTokens, revokeToken } from './service';

/** Settings → personal API tokens: create (shown once), list (never the secret), revoke. */
export async function tokenRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = services;

  r.get(
    '/api/tokens',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: apiTokenList } },
    },
    async (request) => listTokens({ db }, clock, requireUser(request).id),
  );

  r.post(
    '/api/tokens',
    {
      config: { ...sessionOnly('create or revoke API tokens'), role: 'viewer', freshTwoFactor: true },
      schema: { body: createTokenRequest, response: { 201: createdToken } },
    },
    async (request, reply) => {
      const token = await createToken(contextOf(services, request), requireUser(request), request.body);
      request.log.info({ tokenId: token.id, by: requireUser(request).id }, 'API token created');
      reply.status(201);
      return token;
    },
  );

  r.delete(
    '/api/tokens/:id',
    {
      config: { ...sessionOnly('create or revoke API tokens'), role: 'viewer', freshTwoFactor: true },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await revokeToken(contextOf(services, request), requireUser(request), request.params.id);
      request.log.info({ tokenId: request.params.id, by: requireUser(request).id }, 'API token revoked');
      reply.status(204);
      return null;
    },
  );
}
