import {
  BACKUP_THRESHOLD_HOURS,
  BACKUP_THRESHOLD_MESSAGE,
  MAX_BACKUP_THRESHOLD_HOURS,
} from '@shared/backups';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useSetBackupThreshold } from '@web/lib/backups/api';
import { type FormEvent, useState } from 'react';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  website: { id: number; domain: string };
  /** The website's own threshold, or null when the default applies. */
  own: number | null;
};

/**
 * How old a website's newest backup may get before it counts as too old and alerts: its own hours
 * (a site backed up weekly), or the default.
 */
export function BackupThresholdDialog({ open, onOpenChange, website, own }: Props) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`When ${website.domain}'s backup is too old`}
      description={`Past this many hours without a new backup, the site counts as "Backup too old" and the team is alerted. The default is ${BACKUP_THRESHOLD_HOURS} h: a daily backup with two hours to spare.`}
    >
      <ThresholdForm key={String(open)} website={website} own={own} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ThresholdForm({
  website,
  own,
  onDone,
}: Omit<Props, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const save = useSetBackupThreshold(website.id);
  const [hours, setHours] = useState(String(own ?? BACKUP_THRESHOLD_HOURS));
  const [error, setError] = useState<string | undefined>();

  const send = async (thresholdHours: number | null) => {
    try {
      const saved = await save.mutateAsync({ thresholdHours });
      toast({
        title: 'Threshold saved',
        description: `${website.domain}: a backup older than ${saved.thresholdHours} h is too old${saved.ownThreshold ? '' : ' (the default)'}.`,
      });
      onDone();
    } catch (err) {
      if (isApiError(err) && err.fieldErrors?.thresholdHours) setError(err.fieldErrors.thresholdHours[0]);
      else
        toast({
          title: 'The threshold was not saved',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = hours.trim();
    // Empty: back to the default.
    if (text === '') return void send(null);
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > MAX_BACKUP_THRESHOLD_HOURS) {
      setError(BACKUP_THRESHOLD_MESSAGE);
      return;
    }
    void send(value === BACKUP_THRESHOLD_HOURS ? null : value);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <FormField
        label="Too old after (hours)"
        error={error}
        hint="168 for a site backed up weekly; 720 at most."
        labelAside={
          own !== null ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              disabled={save.isPending}
              onClick={() => void send(null)}
            >
              Use the default ({BACKUP_THRESHOLD_HOURS} h)
            </Button>
          ) : undefined
        }
      >
        {(field) => (
          <Input
            {...field}
            inputMode="numeric"
            value={hours}
            onChange={(e) => {
              setHours(e.target.value);
              setError(undefined);
            }}
            className="max-w-32"
          />
        )}
      </FormField>
      <FormDialogFooter pending={save.isPending} onCancel={onDone} submitLabel="Save" />
    </form>
  );
}
