import type { Tag } from '@shared/tags';
import { RoleGate } from '@web/components/role-gate';
import { TagBadge } from '@web/components/tag-badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteTag, useTags } from '../../lib/tags/api';

export const DELETE_TAG_CONFIRM =
  'Are you sure you want to delete this tag? It will be removed from all associated items.';

interface TagListProps {
  editingId?: number;
  onEdit: (tag: Tag) => void;
  /** Called after a tag is deleted (so a form editing it can let go). */
  onDeleted: (tag: Tag) => void;
}

/** The existing tags, each with Edit and Delete (after a confirmation). */
export function TagList({ editingId, onEdit, onDeleted }: TagListProps) {
  const tags = useTags();
  const remove = useDeleteTag();
  const [deleting, setDeleting] = useState<Tag>();

  const confirmDelete = () => {
    if (!deleting) return;
    const tag = deleting;
    remove.mutate(tag.id, {
      onSuccess: () => {
        toast({ title: 'Tag deleted successfully' });
        onDeleted(tag);
      },
      onError: (error) =>
        toast({
          title: 'Failed to delete tag',
          description: errorMessage(error, 'Failed to delete tag'),
          variant: 'destructive',
        }),
    });
  };

  if (tags.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading tags...
      </p>
    );
  }
  if (tags.isError) {
    return <p className="text-sm text-destructive-text">{errorMessage(tags.error, 'Failed to load tags')}</p>;
  }
  if (tags.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No tags yet. Create your first tag above.</p>;
  }
  return (
    <>
      <ul aria-label="Existing tags" className="grid max-h-60 gap-1 overflow-y-auto pr-1">
        {tags.data.map((tag) => (
          <li
            key={tag.id}
            className="flex items-center justify-between gap-2 rounded-md px-2 py-1 data-[editing=true]:bg-accent"
            data-editing={tag.id === editingId}
          >
            <TagBadge tag={tag} className="min-w-0" />
            <div className="flex shrink-0 items-center">
              <RoleGate need="staff">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Edit tag ${tag.name}`}
                  onClick={() => onEdit(tag)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
              </RoleGate>
              {/* A deleted tag leaves every item it was on: the server asks for an Admin. */}
              <RoleGate need="admin">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Delete tag ${tag.name}`}
                  className="text-destructive-text hover:text-destructive-text"
                  onClick={() => setDeleting(tag)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </RoleGate>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={`Delete tag "${deleting?.name ?? ''}"?`}
        description={DELETE_TAG_CONFIRM}
        onConfirm={confirmDelete}
      />
    </>
  );
}
