import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../shared/ids';
import { createUserRequest, teamUser, teamUserList, updateUserRequest } from '../../shared/users';
import { sessionOnly } from '../http/access';
import { contextOf, requireUser } from '../http/session';
import type { Services } from '../services';
import { createUser, getUser, listUsers, removeUser, updateUser } from './service';

/** The Team page (/team): list the staff accounts, add one, change one's role, remove one. */
export async function userRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;

  r.get(
    '/api/users',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: teamUserList } },
    },
    async () => listUsers({ db }),
  );

  r.post(
    '/api/users',
    {
      config: { ...sessionOnly('add, change or remove team members'), role: 'admin', freshTwoFactor: true },
      schema: { body: createUserRequest, response: { 201: teamUser } },
    },
    async (request, reply) => {
      const user = await createUser(contextOf(services, request), request.body);
      request.log.info({ userId: user.id, by: requireUser(request).id }, 'User created');
      reply.status(201);
      return user;
    },
  );

  r.patch(
    '/api/users/:id',
    {
      config: { ...sessionOnly('add, change or remove team members'), role: 'admin', freshTwoFactor: true },
      schema: { params: idParams, body: updateUserRequest, response: { 200: teamUser } },
    },
    async (request) => {
      const ctx = contextOf(services, request);
      const { role, clientIds } = request.body;
      if (!role && clientIds === undefined) return getUser(ctx, request.params.id);
      const user = await updateUser(ctx, request.params.id, { role, clientIds });
      request.log.info({ userId: user.id, role, clientIds, by: requireUser(request).id }, 'User changed');
      return user;
    },
  );

  r.delete(
    '/api/users/:id',
    {
      config: { ...sessionOnly('add, change or remove team members'), role: 'admin', freshTwoFactor: true },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeUser(contextOf(services, request), request.params.id);
      request.log.info({ userId: request.params.id, by: requireUser(request).id }, 'User removed');
      reply.status(204);
      return null;
    },
  );
}
