import type { Tag } from '@shared/tags';
import { CreateTagForm } from '@web/components/create-tag-form';
import { useCan } from '@web/components/role-gate';
import { TagBadge } from '@web/components/tag-badge';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { Separator } from '@web/components/ui/separator';
import { cn } from '@web/lib/utils';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { type TaggedResource, useResourceTagChanges, useResourceTags, useTags } from '../../lib/tags/api';

interface TagsEditorProps {
  resourceType: TaggedResource;
  resourceId: number;
  /** The assigned tags when the caller has them already (clients embed them); otherwise they are fetched. */
  tags?: Tag[];
  /** Names the resource in the add button's label ("Add tag to Acme"). */
  resourceName?: string;
  className?: string;
}

/**
 * The tags of one client or website: badges with remove buttons (the toast offers Undo) and a menu to
 * add an existing tag or create a new one, assigned at once.
 */
export function TagsEditor({ resourceType, resourceId, tags, resourceName, className }: TagsEditorProps) {
  const fetched = useResourceTags(resourceType, resourceId, { enabled: tags === undefined });
  const assigned = tags ?? fetched.data ?? [];
  const allTags = useTags();
  const changes = useResourceTagChanges(resourceType, resourceId);
  const [open, setOpen] = useState(false);
  const assignedIds = new Set(assigned.map((t) => t.id));
  const available = (allTags.data ?? []).filter((t) => !assignedIds.has(t.id));
  const { busy } = changes;

  const addTag = (tag: Tag) => {
    setOpen(false);
    changes.addTag(tag);
  };
  const removeTag = changes.removeTag;
  const createTag = (name: string) => changes.createTag(name).then(() => setOpen(false));
  // Tagging is Staff work: a Viewer sees the tags, without the buttons that change them.
  const canTag = useCan('staff');

  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      {assigned.length === 0 && <span className="text-xs text-muted-foreground">No tags assigned</span>}
      {assigned.map((tag) => (
        <TagBadge key={tag.id} tag={tag} className={canTag ? 'pr-0.5' : undefined}>
          {canTag && (
            <button
              type="button"
              aria-label={`Remove tag ${tag.name}`}
              disabled={busy}
              onClick={() => removeTag(tag)}
              className="rounded-sm p-0.5 opacity-80 outline-none hover:bg-black/15 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
            >
              <X aria-hidden="true" />
            </button>
          )}
        </TagBadge>
      ))}
      {canTag && (
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              className="h-6 gap-1 px-2 text-xs"
              aria-label={resourceName ? `Add tag to ${resourceName}` : 'Add tag'}
              disabled={busy}
            >
              <Plus className="size-3!" aria-hidden="true" />
              Tag
            </Button>
          </PopoverTrigger>
          <PopoverContent align="start" className="w-60 p-2">
            <p className="px-1 pb-2 text-xs font-medium text-muted-foreground">Add an existing tag</p>
            {allTags.isPending && <p className="px-1 text-sm text-muted-foreground">Loading tags...</p>}
            {allTags.isSuccess && available.length === 0 && (
              <p className="px-1 text-sm text-muted-foreground">
                {allTags.data.length === 0 ? 'No tags yet.' : 'Every tag is assigned.'}
              </p>
            )}
            <ul className="grid max-h-56 gap-0.5 overflow-y-auto">
              {available.map((tag) => (
                <li key={tag.id}>
                  <button
                    type="button"
                    onClick={() => addTag(tag)}
                    className="flex w-full items-center rounded-sm px-1 py-1.5 text-left outline-none hover:bg-accent focus-visible:bg-accent"
                  >
                    <TagBadge tag={tag} />
                  </button>
                </li>
              ))}
            </ul>
            <Separator className="my-2" />
            <CreateTagForm onCreate={createTag} busy={changes.creating} compact />
          </PopoverContent>
        </Popover>
      )}
    </div>
  );
}
