import { zodResolver } from '@hookform/resolvers/zod';
import { FORGOT_PASSWORD_SENT, type ForgotPasswordResponse, forgotPasswordRequest } from '@shared/auth';
import { usePageTitle } from '@web/app/page-title';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useForgotPassword } from './api';
import { AuthLayout } from './auth-layout';
import { DevelopmentResetBox } from './development-reset-box';
import { Notice } from './notice';

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<ForgotPasswordResponse>();
  const form = useForm({
    resolver: zodResolver(forgotPasswordRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutateAsync(values).then(setSent, (error: unknown) => {
      applyFieldErrors(error, form.setError, ['email']);
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to process request'),
        variant: 'destructive',
      });
    }),
  );

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to reset your password."
    >
      {sent ? (
        <div className="grid gap-4">
          <Notice tone="success">
            <p>{FORGOT_PASSWORD_SENT}</p>
          </Notice>
          {(sent.token || sent.resetUrl) && (
            <DevelopmentResetBox token={sent.token} resetUrl={sent.resetUrl} />
          )}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Email" error={form.formState.errors.email?.message}>
            {(field) => (
              <Input {...field} type="email" autoComplete="email" autoFocus {...form.register('email')} />
            )}
          </FormField>
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending && <Spinner />}
            {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
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
