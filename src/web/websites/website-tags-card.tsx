import type { Tag } from '@shared/tags';
import type { Website } from '@shared/websites';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useAddResourceTag, useCreateTag, useRemoveResourceTag, useTags } from '@web/tags/api';
import { ManageTagsDialog } from '@web/tags/manage-tags-dialog';
import { TagBadge } from '@web/tags/tag-badge';
import { Plus, Tags, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { CreateTagForm } from './create-tag-form';

function failed(title: string) {
  return (error: unknown) =>
    toast({ title, description: errorMessage(error, title), variant: 'destructive' });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

/** The tags of one internal website: assigned, add an existing one, create one (spec §2). */
export function WebsiteTagsCard({ website }: { website: Website }) {
  const allTags = useTags();
  const add = useAddResourceTag();
  const remove = useRemoveResourceTag();
  const create = useCreateTag();
  const assignedIds = new Set(website.tags.map((tag) => tag.id));
  const available = (allTags.data ?? []).filter((tag) => !assignedIds.has(tag.id));
  const busy = add.isPending || remove.isPending || create.isPending;
  const change = (tag: Tag) => ({ type: 'websites' as const, id: website.id, tag });

  const addTag = (tag: Tag) =>
    add.mutate(change(tag), {
      onSuccess: () => toast({ title: 'Tag added', description: tag.name }),
      onError: failed('Failed to add tag'),
    });
  const removeTag = (tag: Tag) =>
    remove.mutate(change(tag), {
      onSuccess: () => toast({ title: 'Tag removed', description: tag.name }),
      onError: failed('Failed to remove tag'),
    });
  // Spec §4: a new tag is assigned to this website at once.
  const createTag = (name: string) =>
    create.mutateAsync({ name }).then(
      (tag) =>
        add
          .mutateAsync(change(tag))
          .then(() => toast({ title: 'Tag created successfully', description: tag.name })),
      (error: unknown) => {
        failed('Failed to create tag')(error);
        throw error;
      },
    );

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Tags className="size-4 text-muted-foreground" aria-hidden="true" />
          Tags
        </CardTitle>
        <ManageTagsDialog
          trigger={
            <Button variant="outline" size="sm">
              Manage Tags
            </Button>
          }
        />
      </CardHeader>
      <CardContent className="grid gap-5">
        <Section title="Assigned Tags">
          {website.tags.length === 0 ? (
            <p className="text-sm text-muted-foreground">No tags assigned</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Assigned tags">
              {website.tags.map((tag) => (
                <li key={tag.id}>
                  <TagBadge tag={tag} className="py-1 pr-1 text-sm">
                    <button
                      type="button"
                      onClick={() => removeTag(tag)}
                      disabled={busy}
                      aria-label={`Remove tag ${tag.name}`}
                      className="rounded-sm p-0.5 opacity-80 hover:bg-black/15 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
                    >
                      <X aria-hidden="true" />
                    </button>
                  </TagBadge>
                </li>
              ))}
            </ul>
          )}
        </Section>
        {available.length > 0 && (
          <Section title="Add Existing Tag">
            <div className="flex flex-wrap gap-2">
              {available.map((tag) => (
                <Button
                  key={tag.id}
                  variant="outline"
                  size="sm"
                  onClick={() => addTag(tag)}
                  disabled={busy}
                  aria-label={`Add tag ${tag.name}`}
                >
                  <span
                    className="size-2.5 rounded-full"
                    style={{ backgroundColor: tag.color }}
                    aria-hidden="true"
                  />
                  {tag.name}
                  <Plus aria-hidden="true" />
                </Button>
              ))}
            </div>
          </Section>
        )}
        <Section title="Create New Tag">
          <CreateTagForm onCreate={createTag} busy={create.isPending || add.isPending} />
        </Section>
      </CardContent>
    </Card>
  );
}
