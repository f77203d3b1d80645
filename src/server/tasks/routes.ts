import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../shared/ids';
import { wantsPage } from '../../shared/lists';
import { TASK_FILTER_KEYS, task, taskListQuery, taskListResponse, taskRequest } from '../../shared/tasks';
import type { Services } from '../services';
import { createTask, deleteTask, listTaskPage, listTasks, updateTask } from './service';

// Duplicating and ticking a task off are a POST and a PUT from the web: no routes of their own.
export async function taskRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;

  r.get(
    '/api/tasks',
    { schema: { querystring: taskListQuery, response: { 200: taskListResponse } } },
    // Any paging key or filter asks for a page, as on the other lists.
    async (request) =>
      wantsPage(request.query, TASK_FILTER_KEYS) ? listTaskPage(db, request.query) : listTasks(db),
  );

  r.post('/api/tasks', { schema: { body: taskRequest, response: { 201: task } } }, async (request, reply) =>
    reply.status(201).send(await createTask(db, request.body, request.user)),
  );

  r.put(
    '/api/tasks/:id',
    { schema: { params: idParams, body: taskRequest, response: { 200: task } } },
    async (request) => updateTask(db, request.params.id, request.body, request.user),
  );

  r.delete(
    '/api/tasks/:id',
    { schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteTask(db, request.params.id, request.user);
      return reply.status(204).send(null);
    },
  );
}
