import { zodResolver } from '@hookform/resolvers/zod';
import { SCOPABLE_ROLES } from '@shared/auth';
import { createInvitationRequest, type SentInvitation } from '@shared/invitations';
import { FormAlert } from '@web/components/form-alert';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { MailPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateInvitation } from '../lib/team/api';
import { ScopeChoice } from './client-scope';
import { InviteLinkNotice, toastSent } from './invite-link';
import { RoleField } from './role-select';

/** "Invite": an Admin invites a person by email; they choose their own username and password. */
export function InviteButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RoleGate need="admin">
        <Button onClick={() => setOpen(true)}>
          <MailPlus aria-hidden="true" />
          Invite
        </Button>
      </RoleGate>
      {open && <InviteDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const [sent, setSent] = useState<SentInvitation>();
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Invite a team member"
      description="They receive a link to choose their own username and password, and join with the role you give."
      className="sm:max-w-lg"
    >
      {sent ? (
        <InviteLinkNotice invitation={sent} onDone={onClose} />
      ) : (
        <InviteForm onSent={setSent} onCancel={onClose} />
      )}
    </FormDialog>
  );
}

function InviteForm({ onSent, onCancel }: { onSent: (sent: SentInvitation) => void; onCancel: () => void }) {
  const create = useCreateInvitation();
  const [serverError, setServerError] = useState<string>();
  const [limited, setLimited] = useState(false);
  const [chosen, setChosen] = useState<{ id: number; name: string }[]>([]);
  const form = useForm({
    resolver: zodResolver(createInvitationRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', role: 'staff' as const },
  });
  const { errors } = form.formState;
  const scopable = SCOPABLE_ROLES.includes(form.watch('role') ?? 'staff');

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    const clientIds = scopable && limited && chosen.length > 0 ? chosen.map((c) => c.id) : null;
    try {
      const invitation = await create.mutateAsync({ ...values, clientIds });
      toastSent(invitation, 'Invitation created');
      onSent(invitation);
    } catch (error) {
      applyFieldErrors(error, form.setError, ['email', 'role']);
      setServerError(errorMessage(error, 'The invitation could not be created'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Invite">
      <FormAlert message={serverError} />
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input {...field} type="email" autoComplete="off" autoFocus {...form.register('email')} />
        )}
      </FormField>
      <RoleField control={form.control} error={errors.role?.message} />
      {scopable && (
        <div className="grid gap-2">
          <p className="text-sm font-medium">Clients</p>
          <ScopeChoice limited={limited} setLimited={setLimited} chosen={chosen} setChosen={setChosen} />
        </div>
      )}
      <FormDialogFooter
        pending={create.isPending}
        onCancel={onCancel}
        submitLabel="Send invitation"
        disabled={scopable && limited && chosen.length === 0}
      />
    </form>
  );
}
