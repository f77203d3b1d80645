import type { TeamUser } from '@shared/users';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useRemoveUser } from '../lib/team/api';

/** Removes a colleague after a confirmation: they are signed out at once and cannot sign in again. */
export function RemoveUserButton({ user, disabled = false }: { user: TeamUser; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveUser();
  const onConfirm = () =>
    remove.mutate(user.id, {
      onSuccess: () =>
        toast({ title: 'User removed', description: `${user.username} can no longer sign in.` }),
      onError: (error) =>
        toast({
          title: 'Failed to remove user',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={disabled || remove.isPending}
        aria-label={`Remove ${user.username}`}
      >
        <UserMinus aria-hidden="true" />
        Remove
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Remove ${user.username}?`}
        description="They are signed out everywhere at once and can no longer sign in. Tasks assigned to them become unassigned."
        confirmLabel="Remove"
        onConfirm={onConfirm}
      />
    </>
  );
}
