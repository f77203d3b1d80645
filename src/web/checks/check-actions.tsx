import type { Check } from '@shared/checks';
import { MaintenanceDialog } from '@web/components/maintenance/maintenance-dialog';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { Pause, Pencil, Play, Trash2, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { CheckFormDialog } from '../components/checks/check-form-dialog';
import { useDeleteCheck, usePauseCheck } from '../lib/checks/api';

/** Edit, pause or resume, silence for maintenance, delete (after asking). */
export function CheckActions({ check }: { check: Check }) {
  const [editing, setEditing] = useState(false);
  const [silencing, setSilencing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const pause = usePauseCheck();
  const remove = useDeleteCheck();
  const [, navigate] = useLocation();
  const paused = check.status === 'paused';

  const togglePause = async () => {
    try {
      await pause.mutateAsync({ id: check.id, paused: !paused });
      toast({ title: paused ? 'Check resumed' : 'Check paused' });
    } catch (error) {
      toast({
        title: 'Failed to change the check',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };
  const onDelete = async () => {
    try {
      await remove.mutateAsync(check.id);
      toast({ title: 'Check deleted' });
      navigate('/uptime');
    } catch (error) {
      toast({
        title: 'Failed to delete check',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <RoleGate need="staff">
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      </RoleGate>
      <RoleGate need="staff">
        <Button variant="outline" size="sm" onClick={togglePause} disabled={pause.isPending}>
          {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {paused ? 'Resume' : 'Pause'}
        </Button>
      </RoleGate>
      <RoleGate need="staff">
        <Button variant="outline" size="sm" onClick={() => setSilencing(true)}>
          <Wrench aria-hidden="true" />
          Maintenance
        </Button>
      </RoleGate>
      {/* A deleted check and its results cannot come back: the server asks for an Admin. */}
      <RoleGate need="admin">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setDeleting(true)}
          aria-label={`Delete the check ${check.name}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </RoleGate>
      <CheckFormDialog open={editing} onOpenChange={setEditing} check={check} />
      <MaintenanceDialog
        open={silencing}
        onOpenChange={setSilencing}
        targets={{ checkIds: [check.id] }}
        label={check.name}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this check?"
        description={`${check.name} will no longer be checked, and its results are deleted. Its past incidents stay in the incident list.`}
        onConfirm={onDelete}
      />
    </>
  );
}
