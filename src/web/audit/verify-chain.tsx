import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useAuditVerification } from './api';

/** "Verify chain": checks every kept entry against its hash (the answer shows in `ChainAnswer`). */
export function VerifyChainButton() {
  const check = useAuditVerification();
  return (
    <Button variant="outline" onClick={() => void check.refetch()} disabled={check.isFetching}>
      {check.isFetching ? <Spinner /> : <ShieldCheck aria-hidden="true" />}
      Verify chain
    </Button>
  );
}

/** What the last chain check found: intact and how many entries, or the first broken entry. */
export function ChainAnswer() {
  const check = useAuditVerification();
  const answer = check.data;
  return (
    <p role="status" className="text-sm">
      {check.isFetching ? null : check.isError ? (
        <span className="text-destructive-text">{errorMessage(check.error, 'The check could not run.')}</span>
      ) : answer?.ok ? (
        <span className="inline-flex items-center gap-1.5 text-green-700 dark:text-green-400">
          <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
          The audit log is intact: {answer.checked.toLocaleString('en-US')}{' '}
          {answer.checked === 1 ? 'entry' : 'entries'} checked
        </span>
      ) : answer ? (
        <span className="inline-flex items-center gap-1.5 text-destructive-text">
          <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
          The chain is broken at entry #{answer.firstBrokenId}: it was altered, or an entry before it was
          removed ({answer.checked.toLocaleString('en-US')} checked before it)
        </span>
      ) : null}
    </p>
  );
}
