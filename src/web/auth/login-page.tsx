import { zodResolver } from '@hookform/resolvers/zod';
import { INVALID_CREDENTIALS, loginRequest, TOTP_CODE_INVALID } from '@shared/auth';
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
import { useId, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
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
    defaultValues: { username: '', password: '', rememberMe: false, rememberBrowser: false },
  });
  const { errors } = form.formState;
  // Two-factor sign-in: after a right password the server asks for the second factor.
  const [second, setSecond] = useState<{ kind: 'code' | 'recovery'; value: string; error?: string }>();

  const onSubmit = form.handleSubmit((values) => {
    let proof = {};
    if (second) {
      const value = second.value.trim();
      if (second.kind === 'code' && !/^\d{6}$/.test(value.replace(/\s/g, '')))
        return setSecond({ ...second, error: TOTP_CODE_INVALID });
      if (second.kind === 'recovery' && !value)
        return setSecond({ ...second, error: 'Enter one of your recovery codes' });
      proof = second.kind === 'code' ? { code: value } : { recoveryCode: value };
    }
    return login.mutateAsync({ ...values, ...proof }).then(
      (answer) => {
        if ('twoFactorRequired' in answer) {
          setSecond({ kind: 'code', value: '' });
          return;
        }
        toast({ title: 'Success', description: 'Welcome back!' });
        navigate('/', { replace: true });
      },
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ['username', 'password']);
        if (second) setSecond({ ...second, value: '', error: errorMessage(error, INVALID_CREDENTIALS) });
        toast({
          title: 'Login failed',
          description: errorMessage(error, INVALID_CREDENTIALS),
          variant: 'destructive',
        });
      },
    );
  });

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
        <CheckboxField control={form.control} name="rememberMe" label="Remember me for 30 days" />
        {second && (
          <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
            <FormField
              label={second.kind === 'code' ? 'Authentication code' : 'Recovery code'}
              error={second.error}
              hint={
                second.kind === 'code'
                  ? 'Two-factor sign-in is on for this account: enter the 6-digit code your authenticator app shows.'
                  : 'Each recovery code works once.'
              }
            >
              {(field) => (
                <Input
                  {...field}
                  autoFocus
                  value={second.value}
                  onChange={(e) => setSecond({ ...second, value: e.target.value, error: undefined })}
                  autoComplete={second.kind === 'code' ? 'one-time-code' : 'off'}
                  inputMode={second.kind === 'code' ? 'numeric' : 'text'}
                  placeholder={second.kind === 'code' ? '123456' : 'abcde-fghij'}
                />
              )}
            </FormField>
            <button
              type="button"
              className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => setSecond({ kind: second.kind === 'code' ? 'recovery' : 'code', value: '' })}
            >
              {second.kind === 'code' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
            </button>
            <CheckboxField
              control={form.control}
              name="rememberBrowser"
              label="Remember this browser for 30 days (no code asked here)"
            />
          </div>
        )}
        <Button type="submit" className="mt-1 w-full" disabled={login.isPending}>
          {login.isPending && <Spinner />}
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}

type LoginForm = z.input<typeof loginRequest>;

/** A ticked-or-not choice of the sign-in form, with its label. */
function CheckboxField({
  control,
  name,
  label,
}: {
  control: Control<LoginForm>;
  name: 'rememberMe' | 'rememberBrowser';
  label: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Checkbox
            id={id}
            ref={field.ref}
            name={field.name}
            checked={field.value ?? false}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
          />
        )}
      />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
