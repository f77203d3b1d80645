import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { Plus } from 'lucide-react';
import { useState } from 'react';

interface CreateTagFormProps {
  /** Creates and assigns the tag; resolves when done (the form then clears and closes). */
  onCreate: (name: string) => Promise<unknown>;
  busy: boolean;
  /** Stacked to the width of a narrow container (a popover) rather than in one row from `sm` up. */
  compact?: boolean;
}

/**
 * "Create New Tag": a button that opens a name input with Create and Cancel; Enter submits, blank is
 * ignored, Escape or Cancel goes back to the button. The one way a tag is made beside what it tags.
 */
export function CreateTagForm({ onCreate, busy, compact = false }: CreateTagFormProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const close = () => {
    setOpen(false);
    setName('');
  };
  if (!open) {
    return (
      <Button
        variant="outline"
        size="sm"
        className={compact ? 'w-full' : 'w-fit'}
        onClick={() => setOpen(true)}
      >
        <Plus aria-hidden="true" />
        Create New Tag
      </Button>
    );
  }
  const blank = name.trim() === '';
  return (
    <form
      className={cn('flex flex-col gap-2', !compact && 'sm:flex-row')}
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || busy) return;
        void onCreate(name.trim()).then(close, () => undefined);
      }}
    >
      <Input
        autoFocus
        value={name}
        maxLength={50}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && close()}
        placeholder="Tag name"
        aria-label="New tag name"
        className={compact ? undefined : 'sm:max-w-xs'}
      />
      <div className={cn('flex gap-2', compact && '[&>*]:flex-1')}>
        <Button type="submit" size="sm" className="h-9" disabled={blank || busy}>
          {busy && <Spinner />}
          Create
        </Button>
        <Button type="button" size="sm" variant="outline" className="h-9" onClick={close} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
