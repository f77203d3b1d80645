import { CodeForm } from '@web/components/code-form';
import { FormDialog } from '@web/components/form-dialog';
import { api, setSecondFactorHandler } from '@web/lib/api';
import { useEffect, useRef, useState } from 'react';

/**
 * "Confirm it is you": changing integrations' credentials or a role, or creating an API token, asks a
 * person who signs in with two factors for a code when they have not given one in the last minutes.
 * The request that was refused is made again once the code is accepted; closing the dialog gives up.
 */
export function SecondFactorPrompt() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const answer = useRef<(proved: boolean) => void>(undefined);
  useEffect(() => {
    setSecondFactorHandler(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current?.(false);
          answer.current = resolve;
          setOpen(true);
        }),
    );
    return () => setSecondFactorHandler(undefined);
  }, []);
  const finish = (proved: boolean) => {
    answer.current?.(proved);
    answer.current = undefined;
    setOpen(false);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && finish(false)}
      title="Confirm it is you"
      description="This change needs a code from your authenticator app (or a recovery code). It is asked again after ten minutes."
    >
      <CodeForm
        label="Code from the app"
        submit="Confirm"
        busy={busy}
        allowRecovery
        onSubmit={async (proof) => {
          setBusy(true);
          try {
            await api.post<void>('/api/auth/2fa/confirm', proof);
            finish(true);
          } finally {
            setBusy(false);
          }
        }}
      />
    </FormDialog>
  );
}
