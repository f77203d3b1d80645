import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import type { ReactElement, ReactNode } from 'react';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Tailwind max-width from `sm` up, e.g. "sm:max-w-xl". */
  className?: string;
  children: ReactNode;
}

/** The Add/Edit dialog frame: title, description, and a form body that scrolls on small screens. */
export function FormDialog({ open, onOpenChange, title, description, className, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={cn('max-h-[calc(100svh-2rem)] overflow-y-auto', className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel and submit under an Add/Edit form; both wait (the submit with a spinner) while it saves. */
export function FormDialogFooter({
  pending,
  onCancel,
  submitLabel,
  cancelLabel = 'Cancel',
  disabled,
  wrapSubmit,
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
  /** The other button's words ("Back" on a form's second step). */
  cancelLabel?: string;
  /** Nothing to submit yet (e.g. nothing picked). */
  disabled?: boolean;
  /** Wraps the submit button (a role gate, for one): the button, disabled or not, is the argument. */
  wrapSubmit?: (submit: ReactElement<{ disabled?: boolean }>) => ReactNode;
}) {
  const submit = (
    <Button type="submit" disabled={pending || disabled}>
      {pending && <Spinner />}
      {submitLabel}
    </Button>
  );
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      {wrapSubmit ? wrapSubmit(submit) : submit}
    </DialogFooter>
  );
}
