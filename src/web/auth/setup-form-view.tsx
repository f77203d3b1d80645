import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useSetup } from './api';
import { NewPasswordFields, newAccountOutcome } from './new-account';
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
    setup
      .mutateAsync({ token, ...values })
      .then(...newAccountOutcome(form, ['username', 'email', 'password'], 'Setup failed', navigate)),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Username" error={errors.username?.message}>
        {(field) => <Input {...field} autoComplete="username" autoFocus {...form.register('username')} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <NewPasswordFields form={form} />
      <Button type="submit" className="mt-1 w-full" disabled={setup.isPending}>
        {setup.isPending && <Spinner />}
        {setup.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
