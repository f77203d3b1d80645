import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../shared/ids';
import { createUserRequest, teamUser, teamUserList } from '../../shared/users';
import { requireUser } from '../http/session';
import type { Services } from '../services';
import { createUser, listUsers, removeUser } from './service';

/** The Team page (/team): list the staff accounts, add one, remove one. */
export async function userRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;

  r.get('/api/users', { schema: { response: { 200: teamUserList } } }, async () => listUsers(db));

  r.post(
    '/api/users',
    { schema: { body: createUserRequest, response: { 201: teamUser } } },
    async (request, reply) => {
      const user = await createUser(db, request.body, request.user);
      request.log.info({ userId: user.id, by: requireUser(request).id }, 'User created');
      return reply.status(201).send(user);
    },
  );

  r.delete(
    '/api/users/:id',
    { schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeUser(db, request.params.id, requireUser(request));
      request.log.info({ userId: request.params.id, by: requireUser(request).id }, 'User removed');
      return reply.status(204).send(null);
    },
  );
}
