import { BACKUP_LOCATION_LABELS, type BackupLocation, DEFAULT_BACKUP_TAG } from '@shared/backups';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useBackUpNow } from '@web/lib/backups/api';
import { type FormEvent, useState } from 'react';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  website: { id: number; domain: string; host: string };
};

/**
 * "Back up now": where the copy goes (GridPane: on the server, or off-site to the site's off-site
 * service; Kinsta keeps its own) and a tag to find it by. The host takes it in the background.
 */
export function BackupNowDialog({ open, onOpenChange, website }: Props) {
  const hostName = website.host === 'kinsta' ? 'Kinsta' : 'GridPane';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Back up ${website.domain}`}
      description={`${hostName} takes a backup of the site now; it is listed here once ${hostName} has it.`}
    >
      <BackupNowForm key={String(open)} website={website} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function BackupNowForm({ website, onDone }: { website: Props['website']; onDone: () => void }) {
  const backUp = useBackUpNow(website.id);
  const [location, setLocation] = useState<BackupLocation>('local');
  const [tag, setTag] = useState(DEFAULT_BACKUP_TAG);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const gridpane = website.host === 'gridpane';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await backUp.mutateAsync({ tag: tag.trim(), ...(gridpane ? { location } : {}) });
      toast({
        title: 'Backup asked for',
        description: `${website.domain}: its progress shows on this page.`,
      });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      }
      toast({
        title: 'The backup was not asked for',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {gridpane && (
          <FormField label="Where" error={errors.location}>
            {(field) => (
              <Select value={location} onValueChange={(v) => setLocation(v as BackupLocation)}>
                <SelectTrigger {...field}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="local">{BACKUP_LOCATION_LABELS.local}</SelectItem>
                  <SelectItem value="remote">{BACKUP_LOCATION_LABELS.remote}</SelectItem>
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
        <FormField
          label="Tag"
          error={errors.tag}
          hint="Letters, digits and dashes: how you will find it in the list."
        >
          {(field) => (
            <Input {...field} value={tag} maxLength={32} onChange={(e) => setTag(e.target.value)} />
          )}
        </FormField>
      </div>
      <FormDialogFooter pending={backUp.isPending} onCancel={onDone} submitLabel="Back up now" />
    </form>
  );
}
