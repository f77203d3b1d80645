import type { CreateTagRequest, Tag, UpdateTagRequest } from '@shared/tags';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { api, errorMessage } from '@web/lib/api';

/** The resources that carry tags (GET/POST /api/{type}/{id}/tags). */
export type TaggedResource = 'clients' | 'websites';

export const tagKeys = {
  all: ['tags'] as const,
  // Same shape as the default query convention: ['clients', 3, 'tags'] → GET /api/clients/3/tags.
  resource: (type: TaggedResource, id: number) => [type, id, 'tags'] as const,
};

/** Tags are embedded in clients and websites, so every tag change refreshes those lists too. */
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

function failed(title: string, tag: Pick<Tag, 'name'>) {
  return (error: unknown) =>
    toast({ title, description: errorMessage(error, tag.name), variant: 'destructive' });
}

/**
 * What a person does to one client's or website's tags, each answered with a toast: add an existing
 * tag, remove one (the toast offers Undo, which puts it back), and create a new tag, assigned at once.
 */
export function useResourceTagChanges(type: TaggedResource, id: number) {
  const add = useAddResourceTag();
  const remove = useRemoveResourceTag();
  const create = useCreateTag();
  const addTag = (tag: Tag, done = 'Tag added') =>
    add.mutate(
      { type, id, tag },
      {
        onSuccess: () => toast({ title: done, description: tag.name }),
        onError: failed('Failed to add tag', tag),
      },
    );
  const removeTag = (tag: Tag) =>
    remove.mutate(
      { type, id, tag },
      {
        onSuccess: () =>
          toast({
            title: 'Tag removed',
            description: tag.name,
            // Long enough to read the toast, reach its Undo and press it.
            duration: 10_000,
            action: {
              label: 'Undo',
              altText: `Add the tag ${tag.name} again with the Tag button`,
              onClick: () => addTag(tag, 'Tag restored'),
            },
          }),
        onError: failed('Failed to remove tag', tag),
      },
    );
  /** Creates the tag and assigns it; rejects (after saying why) when either step fails. */
  const createTag = async (name: string): Promise<Tag> => {
    const tag = await create.mutateAsync({ name }).catch((error: unknown) => {
      failed('Failed to create tag', { name })(error);
      throw error;
    });
    await add.mutateAsync({ type, id, tag }).catch((error: unknown) => {
      failed('Failed to add tag', tag)(error);
      throw error;
    });
    toast({ title: 'Tag created successfully', description: tag.name });
    return tag;
  };
  return {
    addTag: (tag: Tag) => addTag(tag),
    removeTag,
    createTag,
    busy: add.isPending || remove.isPending || create.isPending,
    creating: create.isPending || add.isPending,
  };
}
