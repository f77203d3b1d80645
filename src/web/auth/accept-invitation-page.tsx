import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE_LABELS } from '@shared/auth';
import { acceptInvitationForm, INVITATION_INVALID } from '@shared/invitations';
import { usePageTitle } from '@web/app/page-title';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { LoadingState, Spinner } from '@web/components/ui/spinner';
import { errorMessage, isApiError } from '@web/lib/api';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { useAcceptInvitation, useInvitationLookup } from './api';
import { AuthLayout } from './auth-layout';
import { NewPasswordFields, newAccountOutcome } from './new-account';
import { Notice } from './notice';

/** /invitation?token=…: an invited person chooses a username and password, and lands signed in. */
export function AcceptInvitationPage() {
  usePageTitle('Join the team');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const lookup = useInvitationLookup(token);

  if (token && lookup.isPending) return <LoadingState className="min-h-svh" />;
  if (!lookup.data) {
    const invalid = !token || (isApiError(lookup.error) && lookup.error.status === 400);
    return (
      <AuthLayout title="Join the team">
        <div className="grid gap-4">
          <Notice tone="warning">
            <p>
              {invalid
                ? INVITATION_INVALID
                : errorMessage(lookup.error, 'The invitation could not be loaded. Please try again.')}
            </p>
          </Notice>
          <Button asChild variant="outline" className="w-full">
            <Link href="/login">Go to sign-in</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  const { agencyName, role, email } = lookup.data;
  return (
    <AuthLayout
      title={`Join ${agencyName} as ${ROLE_LABELS[role]}`}
      description="Choose the username and password you will sign in with."
    >
      <AcceptForm token={token} email={email} />
    </AuthLayout>
  );
}

function AcceptForm({ token, email }: { token: string; email: string }) {
  const [, navigate] = useLocation();
  const accept = useAcceptInvitation();
  const form = useForm({
    resolver: zodResolver(acceptInvitationForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirmPassword: _, ...values }) =>
    accept
      .mutateAsync({ token, ...values })
      .then(...newAccountOutcome(form, ['username', 'password'], 'Could not join', navigate)),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Join the team">
      <FormField label="Email" hint="The address you were invited at; you can change it later in Settings.">
        {(field) => (
          <Input
            {...field}
            type="email"
            value={email}
            readOnly
            autoComplete="email"
            className="bg-muted/50"
          />
        )}
      </FormField>
      <FormField label="Username" error={errors.username?.message}>
        {(field) => <Input {...field} autoComplete="username" autoFocus {...form.register('username')} />}
      </FormField>
      <NewPasswordFields form={form} />
      <Button type="submit" className="mt-1 w-full" disabled={accept.isPending}>
        {accept.isPending && <Spinner />}
        {accept.isPending ? 'Creating account...' : 'Join'}
      </Button>
    </form>
  );
}
