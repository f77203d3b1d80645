import type { SessionUser } from '@shared/auth';
import { FormField } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';

type PasswordPair = { password: string; confirmPassword: string };

/** The password of a new account, typed twice. */
export function NewPasswordFields<T extends FieldValues & PasswordPair>({
  form,
}: {
  form: UseFormReturn<T>;
}) {
  const errors = form.formState.errors as FieldErrors<PasswordPair>;
  return (
    <>
      <FormField label="Password" error={errors.password?.message}>
        {(field) => (
          <PasswordInput {...field} autoComplete="new-password" {...form.register('password' as Path<T>)} />
        )}
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="new-password"
            {...form.register('confirmPassword' as Path<T>)}
          />
        )}
      </FormField>
    </>
  );
}

/**
 * What a form that creates the person's own account does with the answer: welcome them, signed in, on
 * the dashboard; or put the server's field messages under the fields and say why in a toast.
 */
export function newAccountOutcome<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: Path<T>[],
  failedTitle: string,
  navigate: (to: string, options: { replace: boolean }) => void,
) {
  return [
    (user: SessionUser) => {
      toast({ title: 'Welcome', description: `Your account ${user.username} is ready.` });
      navigate('/', { replace: true });
    },
    (error: unknown) => {
      applyFieldErrors(error, form.setError, fields);
      toast({
        title: failedTitle,
        description: errorMessage(error, 'Failed to create the account'),
        variant: 'destructive',
      });
    },
  ] as const;
}
