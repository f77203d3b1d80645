import { TAG_DEFAULT_COLOR, type Tag } from '@shared/tags';
import { RoleGate } from '@web/components/role-gate';
import { TagBadge } from '@web/components/tag-badge';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { type FormEvent, useRef, useState } from 'react';
import { useCreateTag, useUpdateTag } from '../../lib/tags/api';
import { ColorPicker } from './color-picker';

interface TagFormProps {
  /** The tag being edited; none to create one. */
  tag?: Tag;
  onDone: () => void;
}

/** Name, colour and a live preview; creates a tag or updates the given one. */
export function TagForm({ tag, onDone }: TagFormProps) {
  const [name, setName] = useState(tag?.name ?? '');
  const [color, setColor] = useState(tag?.color ?? TAG_DEFAULT_COLOR);
  const [nameError, setNameError] = useState<string>();
  const nameRef = useRef<HTMLInputElement>(null);
  const create = useCreateTag();
  const update = useUpdateTag();
  const pending = create.isPending || update.isPending;
  const trimmed = name.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || pending) return;
    const verb = tag ? 'update' : 'create';
    const onError = (error: unknown) => {
      setNameError(isApiError(error) ? error.fieldErrors?.name?.[0] : undefined);
      toast({
        title: `Failed to ${verb} tag`,
        description: errorMessage(error, `Failed to ${verb} tag`),
        variant: 'destructive',
      });
    };
    const onSuccess = () => {
      toast({ title: tag ? 'Tag updated successfully' : 'Tag created successfully' });
      setName('');
      setColor(TAG_DEFAULT_COLOR);
      onDone();
      // The submit button is disabled again (empty name): keep focus in the dialog for the next tag.
      nameRef.current?.focus();
    };
    if (tag) update.mutate({ id: tag.id, name: trimmed, color }, { onSuccess, onError });
    else create.mutate({ name: trimmed, color }, { onSuccess, onError });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Tag name" error={nameError}>
        {(field) => (
          <Input
            {...field}
            ref={nameRef}
            value={name}
            maxLength={50}
            placeholder="e.g. VIP"
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
          />
        )}
      </FormField>
      <ColorPicker value={color} onChange={setColor} />
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        Preview:
        <TagBadge tag={{ name: trimmed || 'Tag name', color }} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {tag && (
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
        )}
        <RoleGate need="staff">
          <Button type="submit" disabled={!trimmed || pending}>
            {pending && <Spinner />}
            {tag ? 'Update Tag' : 'Create Tag'}
          </Button>
        </RoleGate>
      </div>
    </form>
  );
}
