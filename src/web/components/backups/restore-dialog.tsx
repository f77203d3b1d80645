import { BACKUP_KIND_LABELS, type WebsiteBackup } from '@shared/backups';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useRestoreBackup } from '@web/lib/backups/api';
import { formatDateTime } from '@web/lib/format';
import { type FormEvent, useState } from 'react';
import { locationLabel } from './backup-state';

type Props = {
  backup: WebsiteBackup | null;
  onClose: () => void;
  website: { id: number; domain: string; host: string };
};

/**
 * Put a backup back: the site is replaced by it, so the domain is typed to confirm. The host takes a
 * backup of the site as it is first; nothing is restored if that fails.
 */
export function RestoreDialog({ backup, onClose, website }: Props) {
  const hostName = website.host === 'kinsta' ? 'Kinsta' : 'GridPane';
  return (
    <FormDialog
      open={backup !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Restore ${website.domain}?`}
      description={`${hostName} replaces the site with this backup. A backup of the site as it is now is taken first, so the restore can be undone.`}
    >
      {backup && <RestoreForm key={backup.id} backup={backup} website={website} onDone={onClose} />}
    </FormDialog>
  );
}

function RestoreForm({
  backup,
  website,
  onDone,
}: {
  backup: WebsiteBackup;
  website: Props['website'];
  onDone: () => void;
}) {
  const restore = useRestoreBackup(website.id);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const matches = typed.trim().toLowerCase() === website.domain.toLowerCase();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return setError(`Type ${website.domain} exactly to confirm the restore`);
    try {
      await restore.mutateAsync({ backupId: backup.id, confirmDomain: typed.trim() });
      toast({
        title: 'Restore asked for',
        description: `${website.domain}: its progress shows on this page.`,
      });
      onDone();
    } catch (err) {
      if (isApiError(err) && err.fieldErrors?.confirmDomain) setError(err.fieldErrors.confirmDomain[0]);
      toast({
        title: 'Nothing was restored',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <dl className="grid gap-1 rounded-md border p-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Backup</dt>
          <dd className="font-medium tabular-nums">{formatDateTime(backup.at)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Kind</dt>
          <dd>
            {BACKUP_KIND_LABELS[backup.kind]} · {locationLabel(backup.location, backup.service)}
            {backup.note ? ` · ${backup.note}` : ''}
          </dd>
        </div>
      </dl>
      <FormField label={`Type ${website.domain} to confirm`} error={error}>
        {(field) => (
          <Input
            {...field}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <FormDialogFooter
        pending={restore.isPending}
        onCancel={onDone}
        submitLabel="Restore this backup"
        disabled={!matches}
      />
    </form>
  );
}
