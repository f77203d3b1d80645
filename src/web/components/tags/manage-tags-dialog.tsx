import type { Tag } from '@shared/tags';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Separator } from '@web/components/ui/separator';
import { type ReactNode, useState } from 'react';
import { TagForm } from './tag-form';
import { TagList } from './tag-list';

interface ManageTagsDialogProps {
  /** The button that opens the dialog (rendered as the Radix trigger). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** Create, rename, recolour and delete tags. Used by the Clients and Websites pages. */
export function ManageTagsDialog({ trigger, open, onOpenChange }: ManageTagsDialogProps) {
  const [editing, setEditing] = useState<Tag>();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setEditing(undefined);
        onOpenChange?.(next);
      }}
    >
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Manage Tags</DialogTitle>
          <DialogDescription>
            Create, edit and delete the tags used on clients and websites.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <h3 className="text-sm font-semibold">{editing ? `Edit "${editing.name}"` : 'Create a new tag'}</h3>
          <TagForm key={editing?.id ?? 'new'} tag={editing} onDone={() => setEditing(undefined)} />
        </div>
        <Separator />
        <div className="grid gap-3">
          <h3 className="text-sm font-semibold">Existing tags</h3>
          <TagList
            editingId={editing?.id}
            onEdit={setEditing}
            onDeleted={(tag) => setEditing((current) => (current?.id === tag.id ? undefined : current))}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
