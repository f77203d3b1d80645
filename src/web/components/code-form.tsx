import { TOTP_CODE_INVALID } from '@shared/auth';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { type FormEvent, useState } from 'react';

/** A 6-digit code field with its own check, and the server's refusal under it. */
export function CodeForm({
  label,
  submit,
  busy,
  onSubmit,
  allowRecovery = false,
}: {
  label: string;
  submit: string;
  busy: boolean;
  onSubmit: (proof: { code?: string; recoveryCode?: string }) => Promise<unknown>;
  allowRecovery?: boolean;
}) {
  const [value, setValue] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const v = value.trim();
    if (!recovery && !/^\d{6}$/.test(v.replace(/\s/g, ''))) return setError(TOTP_CODE_INVALID);
    if (recovery && !v) return setError('Enter one of your recovery codes');
    try {
      await onSubmit(recovery ? { recoveryCode: v } : { code: v });
    } catch (e) {
      setError(errorMessage(e, 'That code did not work.'));
      setValue('');
    }
  };
  return (
    <form onSubmit={send} noValidate className="grid max-w-sm gap-3">
      <FormField label={recovery ? 'Recovery code' : label} error={error}>
        {(field) => (
          <Input
            {...field}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            inputMode={recovery ? 'text' : 'numeric'}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {submit}
        </Button>
        {allowRecovery && (
          <button
            type="button"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => {
              setRecovery(!recovery);
              setValue('');
              setError(undefined);
            }}
          >
            {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
          </button>
        )}
      </div>
    </form>
  );
}
