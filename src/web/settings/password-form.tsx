import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_CHANGED } from '@shared/account-access';
import { changePasswordForm } from '@shared/auth';
import { FormAlert } from '@web/components/form-alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useChangePassword } from '@web/lib/auth/account-api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const change = useChangePassword();
  const [serverError, setServerError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(changePasswordForm),
    reValidateMode: 'onChange',
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError(undefined);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset(empty);
      toast({ title: 'Password changed', description: PASSWORD_CHANGED });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['currentPassword', 'newPassword']))
        setServerError(errorMessage(error, 'Could not change your password'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change password">
      <FormAlert message={serverError} />
      <FormField label="Current password" error={errors.currentPassword?.message}>
        {(field) => (
          <PasswordInput {...field} autoComplete="current-password" {...form.register('currentPassword')} />
        )}
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="New password" error={errors.newPassword?.message} hint="At least 6 characters.">
          {(field) => (
            <PasswordInput {...field} autoComplete="new-password" {...form.register('newPassword')} />
          )}
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          {(field) => (
            <PasswordInput {...field} autoComplete="new-password" {...form.register('confirmPassword')} />
          )}
        </FormField>
      </div>
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending && <Spinner />}
        {change.isPending ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
