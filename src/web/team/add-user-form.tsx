import { zodResolver } from '@hookform/resolvers/zod';
import { createUserRequest } from '@shared/users';
import { FormAlert } from '@web/components/form-alert';
import { needsRole, useCan } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateUser } from '../lib/team/api';
import { RoleField } from './role-select';

/** Team errors are shown inline (the server's message above the form, field messages below fields). */
export function AddUserForm() {
  const canAdd = useCan('admin');
  if (!canAdd)
    return (
      <p className="text-sm text-muted-foreground" data-needs-role="admin">
        {needsRole('admin')} to add team members or change their roles.
      </p>
    );
  return <AddUserFields />;
}

function AddUserFields() {
  const create = useCreateUser();
  const [serverError, setServerError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(createUserRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', email: '', password: '', role: 'staff' as const },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const user = await create.mutateAsync(values);
      form.reset();
      toast({ title: 'User created', description: `${user.username} can now sign in.` });
    } catch (error) {
      applyFieldErrors(error, form.setError, ['username', 'email', 'password', 'role']);
      setServerError(errorMessage(error, 'Failed to create user'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Add user">
      <FormAlert message={serverError} />
      <FormField label="Username" error={errors.username?.message}>
        {(field) => <Input {...field} autoComplete="off" {...form.register('username')} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="off" {...form.register('email')} />}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <RoleField control={form.control} error={errors.role?.message} />
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending && <Spinner />}
        {create.isPending ? 'Adding...' : 'Add User'}
      </Button>
    </form>
  );
}
