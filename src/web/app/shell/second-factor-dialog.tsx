import { CodeForm } from '@web/components/code-form';
import { FormDialog } from '@web/components/form-dialog';
import { api } from '@web/lib/api';
import { useState } from 'react';

/** The "Confirm it is you" dialog itself: loaded the first time a change asks for a code. */
export default function SecondFactorDialog({ onDone }: { onDone: (proved: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onDone(false)}
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
            onDone(true);
          } finally {
            setBusy(false);
          }
        }}
      />
    </FormDialog>
  );
}
