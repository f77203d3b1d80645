import type { AuditFindingKind } from '@shared/audit';
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

/** What each kind of finding is called on the page. */
const KIND_LABEL: Record<AuditFindingKind, string> = {
  edited: 'Entry changed',
  rechained: 'Hashed again without the key',
  truncated: 'Newest entries missing',
  removed: 'Entries removed',
};

const entries = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'entry' : 'entries'}`;
const problems = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'problem' : 'problems'}`;

/** What the last chain check found: intact and how many entries, or every problem in plain words. */
export function ChainAnswer() {
  const check = useAuditVerification();
  const answer = check.data;
  if (check.isFetching) return <p role="status" className="text-sm" />;
  if (check.isError)
    return (
      <p role="status" className="text-sm">
        <span className="text-destructive-text">{errorMessage(check.error, 'The check could not run.')}</span>
      </p>
    );
  if (!answer) return <p role="status" className="text-sm" />;
  if (answer.ok)
    return (
      <p role="status" className="text-sm">
        <span className="inline-flex items-center gap-1.5 text-green-700 dark:text-green-400">
          <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
          The audit log is intact: {entries(answer.checked)} checked
        </span>
      </p>
    );
  const found = answer.findings.length + answer.findingsOmitted;
  return (
    <div role="status" className="grid gap-1.5 text-sm text-destructive-text">
      <p className="inline-flex items-center gap-1.5 font-medium">
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        The audit log was changed outside Agency Hub: {problems(found)} found ({entries(answer.checked)}{' '}
        checked)
      </p>
      <ul className="grid gap-1 pl-6">
        {answer.findings.map((f) => (
          <li key={`${f.kind}-${f.entryId}`} className="list-disc">
            <span className="font-medium">{KIND_LABEL[f.kind]}:</span> {f.message}
          </li>
        ))}
      </ul>
      {answer.findingsOmitted > 0 && (
        <p className="pl-6">And {problems(answer.findingsOmitted)} more not listed here.</p>
      )}
    </div>
  );
}
