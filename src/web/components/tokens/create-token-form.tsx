import { zodResolver } from '@hookform/resolvers/zod';
import { type CreatedToken, createTokenRequest } from '@shared/tokens';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { cn } from '@web/lib/utils';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCreateToken } from '../../lib/tokens/api';

const expiries = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
];

/** Name and expiry of a new token; the secret is handed to `onCreated`, to be shown once. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const create = useCreateToken();
  const [serverError, setServerError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(createTokenRequest),
    reValidateMode: 'onChange',
    defaultValues: { name: '', expiresInDays: 90 as const, readOnly: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      onCreated(await create.mutateAsync(values));
      form.reset();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['name', 'expiresInDays']))
        setServerError(errorMessage(error, 'Could not create the token'));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Create an API token"
      className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_auto]"
    >
      <FormField
        label="Token name"
        error={errors.name?.message ?? serverError}
        hint="What will use it, e.g. Backup script."
      >
        {(field) => <Input {...field} autoComplete="off" {...form.register('name')} />}
      </FormField>
      <FormField label="Expires after" error={errors.expiresInDays?.message}>
        {(field) => (
          <Controller
            control={form.control}
            name="expiresInDays"
            render={({ field: { value, onChange, ref } }) => (
              <select
                {...field}
                ref={ref}
                value={value === null ? 'never' : String(value)}
                onChange={(e) => onChange(e.target.value === 'never' ? null : Number(e.target.value))}
                className={cn(
                  'h-9 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none md:text-sm',
                  'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
                )}
              >
                {expiries.map((e) => (
                  <option key={e.value} value={e.value}>
                    {e.label}
                  </option>
                ))}
              </select>
            )}
          />
        )}
      </FormField>
      <Button type="submit" disabled={create.isPending} className="sm:mt-[1.375rem]">
        {create.isPending && <Spinner />}
        {create.isPending ? 'Creating...' : 'Create token'}
      </Button>
      <div className="flex items-center gap-2 sm:col-span-3">
        <Controller
          control={form.control}
          name="readOnly"
          render={({ field }) => (
            <Checkbox
              id="token-read-only"
              ref={field.ref}
              checked={field.value ?? false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          )}
        />
        <Label htmlFor="token-read-only" className="font-normal">
          Read-only: it can read everything you can, and change nothing
        </Label>
      </div>
    </form>
  );
}
