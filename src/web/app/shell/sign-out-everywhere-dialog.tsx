import { SIGN_OUT_EVERYWHERE_ENDS } from '@shared/account-access';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';

/** Asks before signing out everywhere, saying all that it ends (loaded when it is asked). */
export default function SignOutEverywhereDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      {...props}
      title="Sign out everywhere?"
      description={SIGN_OUT_EVERYWHERE_ENDS}
      confirmLabel="Sign out everywhere"
    />
  );
}
