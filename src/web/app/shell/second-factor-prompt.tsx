import { setSecondFactorHandler } from '@web/lib/api';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const SecondFactorDialog = lazy(() => import('./second-factor-dialog'));

/**
 * "Confirm it is you": changing integrations' credentials or a role, or creating an API token, asks a
 * person who signs in with two factors for a code when they have not given one in the last minutes.
 * The request that was refused is made again once the code is accepted; closing the dialog gives up.
 * The dialog loads only when first asked for, so no page pays for it up front.
 */
export function SecondFactorPrompt() {
  const [open, setOpen] = useState(false);
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
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SecondFactorDialog onDone={finish} />
    </Suspense>
  );
}
