import { FormAlert } from '@web/components/form-alert';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { type FormEvent, useEffect, useState } from 'react';
import { useDismissFinding } from '../../lib/security/api';

/** How long a dismissal lasts unless the Admin picks another day. */
const DEFAULT_DAYS = 90;

const dayInputValue = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export type DismissTarget = {
  /** The finding on this website ("<website id>:<vulnerability id>:<type>:<slug>"). */
  id: string;
  websiteId: number;
  websiteName: string;
  title: string;
};

/**
 * Sets one finding aside on one website, with a reason and the day it comes back: what an Admin does
 * when a finding does not apply (the vulnerable feature is off, a fix is applied by hand).
 */
export function DismissDialog({ target, onClose }: { target: DismissTarget | null; onClose: () => void }) {
  const dismiss = useDismissFinding(target?.websiteId ?? 0);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; until?: string; form?: string }>({});
  useEffect(() => {
    if (!target) return;
    setReason('');
    setUntil(dayInputValue(new Date(Date.now() + DEFAULT_DAYS * 86_400_000)));
    setErrors({});
  }, [target]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const day = until ? new Date(`${until}T00:00`) : null;
    const next = {
      reason: reason.trim() ? undefined : 'Reason is required',
      until:
        !day || Number.isNaN(day.getTime())
          ? 'Pick the day it comes back'
          : day.getTime() <= Date.now()
            ? 'Pick a day in the future'
            : undefined,
    };
    setErrors(next);
    if (next.reason || next.until || !day) return;
    dismiss.mutate(
      { id: target.id, body: { reason: reason.trim(), until: day.toISOString() } },
      {
        onSuccess: () => {
          toast({ title: `Dismissed on ${target.websiteName} until ${formatDate(day)}` });
          onClose();
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fieldErrors : undefined;
          setErrors({
            reason: fields?.reason?.[0],
            until: fields?.until?.[0],
            form: errorMessage(error, 'Could not dismiss the finding. Please try again.'),
          });
        },
      },
    );
  };

  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Dismiss finding"
      description={target ? `${target.title} on ${target.websiteName}` : ''}
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormAlert message={errors.form} />
        <FormField
          label="Reason"
          error={errors.reason}
          hint="Why it does not apply to this site: the audit log and the Security page show it."
        >
          {(field) => (
            <Textarea
              {...field}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
            />
          )}
        </FormField>
        <FormField label="Until" error={errors.until} hint="On that day the finding is open again.">
          {(field) => (
            <Input
              {...field}
              type="date"
              className="dark:[color-scheme:dark]"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
          )}
        </FormField>
        <FormDialogFooter pending={dismiss.isPending} onCancel={onClose} submitLabel="Dismiss finding" />
      </form>
    </FormDialog>
  );
}
