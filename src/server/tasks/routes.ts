import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../shared/ids';
import { wantsPage } from '../../shared/lists';
import { TASK_FILTER_KEYS, task, taskListQuery, taskListResponse, taskRequest } from '../../shared/tasks';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import { createTask, deleteTask, listTaskPage, listTasks, updateTask } from './service';

// Duplicating and ticking a task off are a POST and a PUT from the web: no routes of their own.
export async function taskRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/tasks',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { querystring: taskListQuery, response: { 200: taskListResponse } },
    },
    // Any paging key or filter asks for a page, as on the other lists.
    async (request) =>
      wantsPage(request.query, TASK_FILTER_KEYS)
        ? listTaskPage(contextOf(services, request), request.query)
        : listTasks(contextOf(services, request)),
  );

  r.post(
    '/api/tasks',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { body: taskRequest, response: { 201: task } },
    },
    async (request, reply) => {
      reply.status(201);
      return createTask(contextOf(services, request), request.body);
    },
  );

  r.put(
    '/api/tasks/:id',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: idParams, body: taskRequest, response: { 200: task } },
    },
    async (request) => updateTask(contextOf(services, request), request.params.id, request.body),
  );

  r.delete(
    '/api/tasks/:id',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteTask(contextOf(services, request), request.params.id);
      reply.status(204);
      return null;
    },
  );
}
