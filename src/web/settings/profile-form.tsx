import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileRequest } from '@shared/auth';
import { FormAlert } from '@web/components/form-alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useUpdateProfile } from '@web/lib/auth/account-api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useAuth } from '@web/lib/use-auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

export function ProfileForm() {
  const { user } = useAuth();
  const update = useUpdateProfile();
  const [serverError, setServerError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(updateProfileRequest),
    reValidateMode: 'onChange',
    values: { username: user?.username ?? '', email: user?.email ?? '', currentPassword: '' },
  });
  const { errors, isDirty } = form.formState;
  // A new address needs the current password (a stolen session must not redirect password resets).
  const emailChanges = (form.watch('email') ?? '').trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const { currentPassword, ...rest } = values;
      await update.mutateAsync(emailChanges ? { ...rest, currentPassword } : rest);
      toast({
        title: 'Profile saved',
        description: emailChanges
          ? 'Your username and email are up to date. Your previous address was told of the change.'
          : 'Your username and email are up to date.',
      });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['username', 'email', 'currentPassword']))
        setServerError(errorMessage(error, 'Could not save your profile'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Profile">
      <FormAlert message={serverError} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Username" error={errors.username?.message}>
          {(field) => <Input {...field} autoComplete="username" {...form.register('username')} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
      </div>
      {emailChanges && (
        <FormField
          label="Current password"
          hint="Needed to change your email. Your previous address is told of the change."
          error={errors.currentPassword?.message}
        >
          {(field) => (
            <PasswordInput {...field} autoComplete="current-password" {...form.register('currentPassword')} />
          )}
        </FormField>
      )}
      <Button type="submit" disabled={update.isPending || !isDirty} className="justify-self-start">
        {update.isPending && <Spinner />}
        {update.isPending ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
