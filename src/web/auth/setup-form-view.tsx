import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useSetup } from './api';
import { setupForm } from './setup-form';

export function SetupForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const setup = useSetup();
  const form = useForm({
    resolver: zodResolver(setupForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirmPassword: _, ...values }) =>
    setup.mutateAsync({ token, ...values }).then(
      (user) => {
        toast({ title: 'Welcome', description: `Your account ${user.username} is ready.` });
        navigate('/', { replace: true });
      },
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ['username', 'email', 'password']);
        toast({
          title: 'Setup failed',
          description: errorMessage(error, 'Failed to create the account'),
          variant: 'destructive',
        });
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Username" error={errors.username?.message}>
        {(field) => <Input {...field} autoComplete="username" autoFocus {...form.register('username')} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        {(field) => (
          <PasswordInput {...field} autoComplete="new-password" {...form.register('confirmPassword')} />
        )}
      </FormField>
      <Button type="submit" className="mt-1 w-full" disabled={setup.isPending}>
        {setup.isPending && <Spinner />}
        {setup.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
