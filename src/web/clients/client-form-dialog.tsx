import { zodResolver } from '@hookform/resolvers/zod';
import { type Client, type ClientRequest, clientRequest } from '@shared/clients';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useCreateClient, useUpdateClient } from '../lib/clients/api';
import { ClientFormFields } from './client-form-fields';

const FIELDS = ['name', 'jobTitle', 'company', 'email', 'phone', 'notes', 'status'] as const;

function formValues(client?: Client): ClientRequest {
  return {
    name: client?.name ?? '',
    jobTitle: client?.jobTitle ?? '',
    company: client?.company ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    notes: client?.notes ?? '',
    status: client?.status ?? 'active',
  };
}

interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client to edit; none to add one. */
  client?: Client;
}

export function ClientFormDialog({ open, onOpenChange, client }: ClientFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={client ? 'Edit Client' : 'Add Client'}
      description={client ? `Update the details of ${client.name}.` : 'Add a new client to your agency.'}
      className="sm:max-w-xl"
    >
      {/* Keyed so that opening the dialog for another client starts from that client's values. */}
      <ClientFormBody key={client?.id ?? 'new'} client={client} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ClientFormBody({ client, onDone }: { client?: Client; onDone: () => void }) {
  const create = useCreateClient();
  const update = useUpdateClient();
  const pending = create.isPending || update.isPending;
  const [, navigate] = useLocation();
  const form = useForm({
    resolver: zodResolver(clientRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValues(client),
  });

  const onSubmit = form.handleSubmit(async (body) => {
    const verb = client ? 'update' : 'create';
    try {
      const saved = client
        ? await update.mutateAsync({ id: client.id, body })
        : await create.mutateAsync(body);
      toast({ title: client ? 'Client updated successfully' : 'Client created successfully' });
      onDone();
      // A new client's page opens, where its websites, tasks and tags are added next.
      if (!client) navigate(`/clients/${saved.id}`);
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
      toast({
        title: `Failed to ${verb} client`,
        description: errorMessage(error, `Failed to ${verb} client`),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <ClientFormFields form={form} />
      <FormDialogFooter
        pending={pending}
        onCancel={onDone}
        submitLabel={client ? 'Save Changes' : 'Add Client'}
      />
    </form>
  );
}
