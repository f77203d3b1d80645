import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, resourceTagParams } from '../../shared/ids';
import { addResourceTagRequest, createTagRequest, tag, tagList, updateTagRequest } from '../../shared/tags';
import { contextOf } from '../http/session';
import type { Services } from '../services';
import {
  addResourceTag,
  listResourceTags,
  removeResourceTag,
  type TaggableResource,
  taggableResources,
} from './resources';
import { createTag, deleteTag, listTags, updateTag } from './service';

export async function tagRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;

  r.get(
    '/api/tags',
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { response: { 200: tagList } },
    },
    async () => listTags({ db }),
  );

  r.post(
    '/api/tags',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { body: createTagRequest, response: { 201: tag } },
    },
    async (request, reply) => {
      reply.status(201);
      return createTag(contextOf(services, request), request.body);
    },
  );

  r.put(
    '/api/tags/:id',
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: idParams, body: updateTagRequest, response: { 200: tag } },
    },
    async (request) => updateTag(contextOf(services, request), request.params.id, request.body),
  );

  r.delete(
    '/api/tags/:id',
    {
      config: { access: 'session-or-token', role: 'admin', freshTwoFactor: false },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteTag(contextOf(services, request), request.params.id);
      reply.status(204);
      return null;
    },
  );

  for (const resource of taggableResources) resourceTagRoutes(app, services, resource);
}

/** GET/POST /api/{type}/{id}/tags and DELETE /api/{type}/{id}/tags/{tagId}, for one taggable resource. */
function resourceTagRoutes(app: FastifyInstance, services: Services, resource: TaggableResource): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/${resource.type}/:id/tags`;

  r.get(
    base,
    {
      config: { access: 'session-or-token', role: 'viewer', freshTwoFactor: false },
      schema: { params: idParams, response: { 200: tagList } },
    },
    async (request) => listResourceTags(contextOf(services, request), resource, request.params.id),
  );

  // 201 when the tag was newly assigned, 200 when it already was; either way the resource's tags.
  r.post(
    base,
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: idParams, body: addResourceTagRequest, response: { 200: tagList, 201: tagList } },
    },
    async (request, reply) => {
      const result = await addResourceTag(
        contextOf(services, request),
        resource,
        request.params.id,
        request.body.tagId,
      );
      reply.status(result.added ? 201 : 200);
      return result.tags;
    },
  );

  r.delete(
    `${base}/:tagId`,
    {
      config: { access: 'session-or-token', role: 'staff', freshTwoFactor: false },
      schema: { params: resourceTagParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeResourceTag(
        contextOf(services, request),
        resource,
        request.params.id,
        request.params.tagId,
      );
      reply.status(204);
      return null;
    },
  );
}
