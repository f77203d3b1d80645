import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { MaintenanceDialog } from '@web/components/maintenance/maintenance-dialog';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useCreateChecksForWebsites } from '@web/lib/checks/api';
import { refusedText } from '@web/lib/checks/refused';
import { useClients } from '@web/lib/clients/api';
import { useAssignWebsites } from '@web/lib/clients/client-api';
import { formatCount } from '@web/lib/format';
import { Radar, UserRound, Wrench, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';

/**
 * What can be done to the websites ticked in the list: give them to a client, check them, or silence
 * them for planned work.
 */
export function BulkActions({ websiteIds, onDone }: { websiteIds: number[]; onDone: () => void }) {
  const [assigning, setAssigning] = useState(false);
  const [silencing, setSilencing] = useState(false);
  const addChecks = useCreateChecksForWebsites();
  if (websiteIds.length === 0) return null;
  const check = async () => {
    try {
      const { created, skipped, refused } = await addChecks.mutateAsync(websiteIds);
      toast({
        title: created
          ? `Added ${formatCount(created, 'check')}`
          : refused.length
            ? 'No check added'
            : 'These websites have checks already',
        description:
          [skipped ? `${formatCount(skipped, 'website')} had one already.` : '', refusedText(refused) ?? '']
            .filter(Boolean)
            .join(' ') || 'Each website is now checked every minute.',
      });
      onDone();
    } catch (error) {
      toast({ title: 'Failed to add checks', description: errorMessage(error, ''), variant: 'destructive' });
    }
  };
  return (
    <section
      aria-label="Selected websites"
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2"
    >
      <span className="mr-auto text-sm font-medium">
        {formatCount(websiteIds.length, 'website')} selected
      </span>
      <RoleGate need="staff">
        <Button size="sm" variant="outline" onClick={() => setAssigning(true)}>
          <UserRound aria-hidden="true" />
          Assign to client
        </Button>
      </RoleGate>
      <RoleGate need="staff">
        <Button size="sm" variant="outline" onClick={check} disabled={addChecks.isPending}>
          <Radar aria-hidden="true" />
          Add checks
        </Button>
      </RoleGate>
      <RoleGate need="staff">
        <Button size="sm" variant="outline" onClick={() => setSilencing(true)}>
          <Wrench aria-hidden="true" />
          Start maintenance
        </Button>
      </RoleGate>
      <Button size="sm" variant="ghost" onClick={onDone}>
        <X aria-hidden="true" />
        Clear selection
      </Button>
      <AssignDialog websiteIds={websiteIds} open={assigning} onOpenChange={setAssigning} onDone={onDone} />
      <MaintenanceDialog
        open={silencing}
        onOpenChange={setSilencing}
        targets={{ websiteIds }}
        label={
          websiteIds.length === 1
            ? 'the selected website'
            : `the ${formatCount(websiteIds.length, 'selected website')}`
        }
        onStarted={onDone}
      />
    </section>
  );
}

function AssignDialog({
  websiteIds,
  open,
  onOpenChange,
  onDone,
}: {
  websiteIds: number[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const clients = useClients();
  const [clientId, setClientId] = useState<string>('');
  const assign = useAssignWebsites(Number(clientId));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!clientId) return;
    const name = clients.data?.find((c) => String(c.id) === clientId)?.name ?? 'the client';
    try {
      const { assigned } = await assign.mutateAsync(websiteIds);
      toast({ title: `${formatCount(assigned, 'website')} assigned to ${name}` });
      onOpenChange(false);
      setClientId('');
      onDone();
    } catch (error) {
      toast({
        title: 'Failed to assign the websites',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Assign to client"
      description={`Give ${formatCount(websiteIds.length, 'website')} to a client. A website has one client: any other it had is replaced.`}
      className="sm:max-w-md"
    >
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="bulk-client">Client</Label>
          <Select value={clientId} onValueChange={setClientId} disabled={clients.isPending}>
            <SelectTrigger id="bulk-client" className="w-full">
              <SelectValue placeholder={clients.isPending ? 'Loading clients...' : 'Choose a client'} />
            </SelectTrigger>
            <SelectContent>
              {clients.data?.map((c) => (
                <SelectItem key={c.id} value={String(c.id)}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {clients.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">Add a client first on the Clients page.</p>
          )}
        </div>
        <FormDialogFooter
          pending={assign.isPending}
          disabled={!clientId}
          onCancel={() => onOpenChange(false)}
          submitLabel="Assign"
        />
      </form>
    </FormDialog>
  );
}
