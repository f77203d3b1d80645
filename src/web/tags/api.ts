import type { CreateTagRequest, Tag, UpdateTagRequest } from '@shared/tags';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** The resources that carry tags (GET/POST /api/{type}/{id}/tags). */
export type TaggedResource = 'clients' | 'websites';

export const tagKeys = {
  all: ['tags'] as const,
  // Same shape as the default query convention: ['clients', 3, 'tags'] → GET /api/clients/3/tags.
  resource: (type: TaggedResource, id: number) => [type, id, 'tags'] as const,
};

/** Tags are embedded in clients and websites, so every tag change refreshes those lists too (spec §9). */
export function invalidateTagged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tagKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['clients'] }),
    queryClient.invalidateQueries({ queryKey: ['websites'] }),
  ]);
}

export function useTags() {
  return useQuery({
    queryKey: tagKeys.all,
    queryFn: ({ signal }) => api.get<Tag[]>('/api/tags', { signal }),
  });
}

export function useResourceTags(type: TaggedResource, id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: tagKeys.resource(type, id),
    queryFn: ({ signal }) => api.get<Tag[]>(`/api/${type}/${id}/tags`, { signal }),
    enabled: options.enabled,
  });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTagRequest) => api.post<Tag>('/api/tags', body),
    onSuccess: () => invalidateTagged(queryClient),
  });
}

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateTagRequest & { id: number }) => api.put<Tag>(`/api/tags/${id}`, body),
    onSuccess: () => invalidateTagged(queryClient),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/tags/${id}`),
    onSuccess: () => invalidateTagged(queryClient),
  });
}

export interface ResourceTagChange {
  type: TaggedResource;
  id: number;
  tag: Tag;
}

export function useAddResourceTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, tag }: ResourceTagChange) =>
      api.post<Tag[]>(`/api/${type}/${id}/tags`, { tagId: tag.id }),
    onSuccess: (tags, { type, id }) => {
      queryClient.setQueryData(tagKeys.resource(type, id), tags);
      return invalidateTagged(queryClient);
    },
  });
}

export function useRemoveResourceTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, tag }: ResourceTagChange) =>
      api.delete<void>(`/api/${type}/${id}/tags/${tag.id}`),
    onSuccess: () => invalidateTagged(queryClient),
  });
}
