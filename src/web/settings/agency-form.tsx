import { zodResolver } from '@hookform/resolvers/zod';
import { type AgencySettings, updateAgencyRequest } from '@shared/settings';
import { RoleGate } from '@web/app/role-gate';
import { FormAlert } from '@web/components/form-alert';
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

export function AgencyForm({ settings }: { settings: AgencySettings }) {
  const update = useUpdateAgency();
  const [serverError, setServerError] = useState<string>();
  const zones = useMemo(() => zoneOptions(settings.timeZone), [settings.timeZone]);
  const form = useForm({
    resolver: zodResolver(updateAgencyRequest),
    reValidateMode: 'onChange',
    values: { name: settings.name, timeZone: settings.timeZone },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await update.mutateAsync(values);
      toast({ title: 'Agency settings saved', description: `${values.name}, ${values.timeZone}` });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['name', 'timeZone']))
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
      <RoleGate need="admin">
        <Button type="submit" disabled={update.isPending || !isDirty} className="justify-self-start">
          {update.isPending && <Spinner />}
          {update.isPending ? 'Saving...' : 'Save agency details'}
        </Button>
      </RoleGate>
    </form>
  );
}
