import { ROLE_LABELS } from '@shared/auth';
import type { PendingInvitation } from '@shared/invitations';
import { SectionQuery } from '@web/components/section-query';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../lib/team/api';
import { ScopeSummary } from './client-scope';
import { toastSent } from './invite-link';

/** The invitations nobody has accepted yet, with Resend and Revoke (an Admin's or Owner's). */
export function InvitationsTable() {
  const invitations = useInvitations();
  return (
    <SectionQuery query={invitations} loading="Loading invitations..." failed="Failed to load invitations">
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pending invitations.</p>
        ) : (
          <PendingTable invitations={list} />
        )
      }
    </SectionQuery>
  );
}

function PendingTable({ invitations }: { invitations: PendingInvitation[] }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Pending invitations</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            {['Email', 'Role', 'Clients', 'Invited by', 'Expires', 'Status'].map((h) => (
              <th key={h} scope="col" className="py-2 pr-4 font-medium">
                {h}
              </th>
            ))}
            <th scope="col" className="py-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InvitationRow({ invitation }: { invitation: PendingInvitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [confirming, setConfirming] = useState(false);
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  const onResend = () =>
    resend.mutate(invitation.id, {
      onSuccess: (sent) => toastSent(sent, 'Invitation sent again'),
      onError: failed('Failed to send the invitation again'),
    });
  const onRevoke = () =>
    revoke.mutate(invitation.id, {
      onSuccess: () =>
        toast({
          title: 'Invitation revoked',
          description: `The link sent to ${invitation.email} no longer works.`,
        }),
      onError: failed('Failed to revoke the invitation'),
    });
  return (
    <tr className="border-b last:border-0">
      <td className="py-2.5 pr-4 font-medium whitespace-nowrap">{invitation.email}</td>
      <td className="py-2.5 pr-4">
        <Badge variant="secondary">{ROLE_LABELS[invitation.role]}</Badge>
      </td>
      <td className="py-2.5 pr-4 whitespace-nowrap">
        <ScopeSummary ids={invitation.clientIds} />
      </td>
      <td className="py-2.5 pr-4 whitespace-nowrap">{invitation.invitedBy.username}</td>
      <td className="py-2.5 pr-4 whitespace-nowrap">
        <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
      </td>
      <td className="py-2.5 pr-4 whitespace-nowrap">
        {invitation.expired ? (
          <Badge variant="destructive">Expired</Badge>
        ) : (
          <span className="text-muted-foreground">Pending</span>
        )}
      </td>
      <td className="py-1.5 text-right whitespace-nowrap">
        <Button
          variant="ghost"
          size="sm"
          onClick={onResend}
          disabled={resend.isPending}
          aria-label={`Resend the invitation of ${invitation.email}`}
        >
          {resend.isPending ? <Spinner /> : <RotateCw aria-hidden="true" />}
          Resend
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          disabled={revoke.isPending}
          aria-label={`Revoke the invitation of ${invitation.email}`}
        >
          <X aria-hidden="true" />
          Revoke
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Revoke the invitation of ${invitation.email}?`}
          description="The link stops working at once. You can invite them again later."
          confirmLabel="Revoke"
          onConfirm={onRevoke}
        />
      </td>
    </tr>
  );
}
