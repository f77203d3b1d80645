import { zodResolver } from '@hookform/resolvers/zod';
import { INVALID_CREDENTIALS, loginRequest } from '@shared/auth';
import { usePageTitle } from '@web/app/page-title';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PasswordInput } from '@web/components/ui/password-input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useLogin, useSetupStatus } from './api';
import { AuthLayout } from './auth-layout';
import { Notice } from './notice';

export function LoginPage() {
  usePageTitle('Sign in');
  const [, navigate] = useLocation();
  const login = useLogin();
  const setup = useSetupStatus();
  const form = useForm({
    resolver: zodResolver(loginRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    login.mutateAsync(values).then(
      () => {
        toast({ title: 'Success', description: 'Welcome back!' });
        navigate('/', { replace: true });
      },
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ['username', 'password']);
        toast({
          title: 'Login failed',
          description: errorMessage(error, INVALID_CREDENTIALS),
          variant: 'destructive',
        });
      },
    ),
  );

  return (
    <AuthLayout title="Sign in" description="Sign in to manage your clients, websites and servers.">
      {setup.data?.needed && (
        <Notice tone="info" className="mb-5">
          <p className="font-medium">No account exists yet.</p>
          <p>
            Open the setup link that the server printed in its log when it started to create the first
            account.
          </p>
        </Notice>
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField label="Username" error={errors.username?.message}>
          {(field) => <Input {...field} autoComplete="username" autoFocus {...form.register('username')} />}
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          labelAside={
            <Link
              href="/forgot-password"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot your password?
            </Link>
          }
        >
          {(field) => (
            <PasswordInput {...field} autoComplete="current-password" {...form.register('password')} />
          )}
        </FormField>
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                id="remember-me"
                ref={field.ref}
                name={field.name}
                checked={field.value ?? false}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            )}
          />
          <Label htmlFor="remember-me" className="font-normal">
            Remember me for 30 days
          </Label>
        </div>
        <Button type="submit" className="mt-1 w-full" disabled={login.isPending}>
          {login.isPending && <Spinner />}
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
