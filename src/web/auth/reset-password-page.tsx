import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordForm } from '@shared/auth';
import { usePageTitle } from '@web/app/page-title';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { useResetPassword } from './api';
import { AuthLayout } from './auth-layout';

/** Wait this long before going to /login after success or an invalid link. */
const REDIRECT_DELAY_MS = 2000;

function useRedirectLater(active: boolean, to: string) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, to, navigate]);
}

export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!token) {
      toast({
        title: 'Invalid Link',
        description: 'Password reset link is invalid or missing',
        variant: 'destructive',
      });
    }
  }, [token]);
  useRedirectLater(!token || reset.isSuccess, '/login');

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    if (!token) {
      toast({ title: 'Error', description: 'Reset token is missing', variant: 'destructive' });
      return;
    }
    await reset.mutateAsync({ token, newPassword }).catch((error: unknown) => {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to reset password'),
        variant: 'destructive',
      });
    });
  });

  if (reset.isSuccess) {
    return (
      <AuthLayout title="Reset password">
        <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
          <CircleCheck className="size-12 text-green-600 dark:text-green-400" aria-hidden="true" />
          <p className="text-lg font-semibold">Password Reset Successful!</p>
          <p className="text-sm text-muted-foreground">Redirecting to login page...</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset password"
      description="Choose a new password for your account. Every signed-in browser and every personal API token of the account will stop working."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField label="New Password" error={errors.newPassword?.message}>
          {(field) => (
            <PasswordInput
              {...field}
              autoComplete="new-password"
              autoFocus
              {...form.register('newPassword')}
            />
          )}
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
          {(field) => (
            <PasswordInput {...field} autoComplete="new-password" {...form.register('confirmPassword')} />
          )}
        </FormField>
        <Button type="submit" className="mt-1 w-full" disabled={reset.isPending || !token}>
          {reset.isPending && <Spinner />}
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <div className="mt-5 text-center">
        <Button variant="link" asChild className="h-auto p-0">
          <Link href="/login">
            <ArrowLeft aria-hidden="true" />
            Back to Login
          </Link>
        </Button>
      </div>
    </AuthLayout>
  );
}
