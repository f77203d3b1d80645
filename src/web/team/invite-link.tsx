import { INVITATION_DAYS, type SentInvitation } from '@shared/invitations';
import { CopyField, copyText } from '@web/components/copy-field';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';

/** The toast of a sent invitation, with its link one click away. */
export function toastSent(invitation: SentInvitation, title: string): void {
  toast({
    title,
    description: `${invitation.email} can join with the link for ${INVITATION_DAYS} days.`,
    duration: 10_000,
    action: {
      label: 'Copy link',
      altText: `Copy the invitation link of ${invitation.email}`,
      onClick: () =>
        void copyText(invitation.inviteUrl, 'link').then(
          (copied) => copied && toast({ title: 'Link copied', description: invitation.inviteUrl }),
        ),
    },
  });
}

/** A new invitation's link, shown this once with a copy button, for an Admin to pass on. */
export function InviteLinkNotice({ invitation, onDone }: { invitation: SentInvitation; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <p role="status" className="text-sm">
        Invitation for <span className="font-medium">{invitation.email}</span> created. When mail is set up it
        is on its way; you can also send them this link yourself. It works once, for {INVITATION_DAYS} days.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <CopyField
          value={invitation.inviteUrl}
          label="Invitation link"
          what="link"
          className="min-w-0 flex-1 font-mono text-xs"
        />
      </div>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
