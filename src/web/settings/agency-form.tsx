import { zodResolver } from '@hookform/resolvers/zod';
import { type AgencySettings, type SecurityAlertMode, updateAgencyRequest } from '@shared/settings';
import { FormAlert } from '@web/components/form-alert';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { cn } from '@web/lib/utils';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateAgency } from './api';

/** Every IANA zone this browser knows, with the saved one kept even if it is an alias. */
function zoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...zones])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}

const alertModes: { value: SecurityAlertMode; label: string; hint: string }[] = [
  {
    value: 'immediate',
    label: 'As they are found',
    hint: 'Send each new critical or high vulnerability as it is found.',
  },
  {
    value: 'digest',
    label: 'Daily digest',
    hint: 'Send one digest a day (07:00 UTC), one alert per client listing its sites’ new findings.',
  },
];

export function AgencyForm({ settings }: { settings: AgencySettings }) {
  const update = useUpdateAgency();
  const [serverError, setServerError] = useState<string>();
  const zones = useMemo(() => zoneOptions(settings.timeZone), [settings.timeZone]);
  const form = useForm({
    resolver: zodResolver(updateAgencyRequest),
    reValidateMode: 'onChange',
    values: { name: settings.name, timeZone: settings.timeZone, securityAlerts: settings.securityAlerts },
  });
  const { errors, isDirty } = form.formState;
  const mode = form.watch('securityAlerts');

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await update.mutateAsync(values);
      toast({ title: 'Agency settings saved', description: `${values.name}, ${values.timeZone}` });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['name', 'timeZone', 'securityAlerts']))
        setServerError(errorMessage(error, 'Could not save the agency settings'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Agency details">
      <FormAlert message={serverError} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Agency name" error={errors.name?.message} hint="Shown on reports and in emails.">
          {(field) => <Input {...field} autoComplete="organization" {...form.register('name')} />}
        </FormField>
        <FormField
          label="Time zone"
          error={errors.timeZone?.message}
          hint="Daily figures and report periods are counted in it."
        >
          {(field) => (
            <select
              {...field}
              {...form.register('timeZone')}
              className={cn(
                'h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none md:text-sm',
                'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive',
              )}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-2" aria-describedby="security-alerts-hint">
        <legend className="mb-1 text-sm font-medium">Security alerts</legend>
        <p id="security-alerts-hint" className="text-sm text-muted-foreground">
          How the alert channels hear of new critical or high vulnerabilities on your sites.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {alertModes.map(({ value, label, hint }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background',
                mode === value ? 'border-primary bg-primary/10' : 'hover:bg-accent',
              )}
            >
              <input type="radio" value={value} className="mt-1" {...form.register('securityAlerts')} />
              <span className="grid gap-0.5">
                <span className="font-medium">{label}</span>
                <span className="text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.securityAlerts?.message && (
          <p className="text-sm text-destructive-text">{errors.securityAlerts.message}</p>
        )}
      </fieldset>
      <RoleGate need="admin">
        <Button type="submit" disabled={update.isPending || !isDirty} className="justify-self-start">
          {update.isPending && <Spinner />}
          {update.isPending ? 'Saving...' : 'Save agency details'}
        </Button>
      </RoleGate>
    </form>
  );
}
