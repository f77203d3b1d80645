import type { MaintenanceRequest } from '@shared/maintenance';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { formatMoment } from '@web/lib/format';
import { type FormEvent, useState } from 'react';
import { useStartMaintenance } from '../../lib/maintenance/api';

export type MaintenanceTargets = Pick<
  MaintenanceRequest,
  'checkIds' | 'websiteIds' | 'clientId' | 'serverId'
>;

const DURATIONS: [minutes: number, label: string][] = [
  [15, '15 minutes'],
  [30, '30 minutes'],
  [60, '1 hour'],
  [120, '2 hours'],
  [240, '4 hours'],
  [480, '8 hours'],
  [1440, '1 day'],
];

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targets: MaintenanceTargets;
  /** What it covers, in words: "shop.example.com", "3 websites of Dental Co". */
  label: string;
  /** After the window is started or scheduled (a bulk action clears its selection). */
  onStarted?: () => void;
};

/**
 * Silence planned work: start now (one click, then pick how long) or at a time, once or every week.
 * Failures during the window are still recorded; they open no incident and send no alert.
 */
export function MaintenanceDialog({ open, onOpenChange, targets, label, onStarted }: Props) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Start maintenance"
      description={`No incidents and no alerts for ${label} while it lasts; results are still recorded.`}
    >
      <MaintenanceForm
        key={String(open)}
        targets={targets}
        onCancel={() => onOpenChange(false)}
        onStarted={() => {
          onOpenChange(false);
          onStarted?.();
        }}
      />
    </FormDialog>
  );
}

function MaintenanceForm({
  targets,
  onCancel,
  onStarted,
}: {
  targets: MaintenanceTargets;
  onCancel: () => void;
  onStarted: () => void;
}) {
  const start = useStartMaintenance();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [startsAt, setStartsAt] = useState('');
  const [duration, setDuration] = useState(60);
  const [repeat, setRepeat] = useState<'none' | 'weekly'>('none');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (when === 'later' && !startsAt) return setErrors({ startsAt: 'Choose when it starts' });
    try {
      const window = await start.mutateAsync({
        ...targets,
        durationMinutes: duration,
        repeat,
        reason: reason.trim() || null,
        ...(when === 'later' ? { startsAt: new Date(startsAt).toISOString() } : {}),
      });
      toast({
        title: window.state === 'active' ? 'Maintenance started' : 'Maintenance scheduled',
        description:
          window.state === 'active'
            ? `Until ${formatMoment(window.currentEndsAt!)}`
            : `Starts ${formatMoment(window.nextStartsAt!)}`,
      });
      onStarted();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      }
      toast({
        title: 'Failed to start maintenance',
        description: errorMessage(error, 'Nothing was changed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Starts" error={errors.startsAt}>
          {(field) => (
            <Select value={when} onValueChange={(v) => setWhen(v as 'now' | 'later')}>
              <SelectTrigger {...field}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="now">Now</SelectItem>
                <SelectItem value="later">At a time…</SelectItem>
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Lasts" error={errors.durationMinutes}>
          {(field) => (
            <Select value={String(duration)} onValueChange={(v) => setDuration(Number(v))}>
              <SelectTrigger {...field}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DURATIONS.map(([minutes, text]) => (
                  <SelectItem key={minutes} value={String(minutes)}>
                    {text}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        {when === 'later' && (
          <FormField label="Start time" error={errors.startsAt}>
            {(field) => (
              <Input
                {...field}
                type="datetime-local"
                className="dark:[color-scheme:dark]"
                value={startsAt}
                onChange={(e) => setStartsAt(e.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField label="Repeat" error={errors.repeat}>
          {(field) => (
            <Select value={repeat} onValueChange={(v) => setRepeat(v as 'none' | 'weekly')}>
              <SelectTrigger {...field}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="none">Once</SelectItem>
                <SelectItem value="weekly">Every week</SelectItem>
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Reason (optional)" error={errors.reason} className="sm:col-span-2">
          {(field) => (
            <Input
              {...field}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="Plugin updates"
            />
          )}
        </FormField>
        {errors.checkIds && (
          <p role="alert" className="text-sm font-medium text-destructive-text sm:col-span-2">
            {errors.checkIds}
          </p>
        )}
      </div>
      <FormDialogFooter
        pending={start.isPending}
        onCancel={onCancel}
        submitLabel={when === 'now' ? 'Start now' : 'Schedule'}
      />
    </form>
  );
}
