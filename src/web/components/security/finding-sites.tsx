import type { SecurityFinding } from '@shared/security';
import { RoleGate } from '@web/components/role-gate';
import { SectionQuery } from '@web/components/section-query';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatCount, formatDate } from '@web/lib/format';
import { useState } from 'react';
import { Link } from 'wouter';
import { type SecurityFilter, useDismissFinding, useFindingSites } from '../../lib/security/api';
import { UpdateDialog } from '../updates/update-dialog';
import type { DismissTarget } from './dismiss-dialog';

/** The websites one finding affects: the version each runs, the fix, and its dismissal if any. */
export function FindingSites({
  finding,
  filter,
  onDismiss,
}: {
  finding: SecurityFinding;
  filter: SecurityFilter;
  onDismiss: (target: DismissTarget) => void;
}) {
  const sites = useFindingSites(finding.id, filter);
  const [updating, setUpdating] = useState(false);
  return (
    <SectionQuery query={sites} loading="Loading the sites..." failed="Could not load the sites">
      {({ data, total }) => (
        <div className="grid gap-2">
          {finding.patchedVersion && (
            <>
              <RoleGate need="staff">
                <Button
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => setUpdating(true)}
                >
                  Update {finding.software.name} to {finding.patchedVersion} on {formatCount(total, 'site')}
                </Button>
              </RoleGate>
              <UpdateDialog
                open={updating}
                onOpenChange={setUpdating}
                title={`Update ${finding.software.name} to ${finding.patchedVersion}`}
                description="Each site is backed up first, updated in a maintenance window, checked, and rolled back if it breaks."
                // Every affected site when they are all listed here; else every site that runs it.
                websiteIds={total === data.length ? data.map((s) => s.website.id) : undefined}
                offerCanary={total > 1}
                choices={[
                  {
                    type: finding.software.type,
                    slug: finding.software.type === 'core' ? null : finding.software.slug,
                    name: finding.software.name,
                    to: finding.patchedVersion,
                  },
                ]}
              />
            </>
          )}
          <ul className="grid gap-1.5" aria-label={`Sites affected by ${finding.title}`}>
            {data.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border bg-background px-3 py-2 text-sm"
              >
                <Link href={`/websites/internal/${s.website.id}`} className="font-medium hover:underline">
                  {s.website.name}
                </Link>
                <span className="text-muted-foreground">{s.client?.name ?? 'No client'}</span>
                <span className="tabular-nums">
                  {finding.software.name} {s.installedVersion}
                  {s.patchedVersion ? ` → ${s.patchedVersion}` : ', no fix published'}
                </span>
                <span className="ml-auto flex items-center gap-2">
                  {s.dismissal ? (
                    <Reopen
                      id={s.id}
                      websiteId={s.website.id}
                      label={`Dismissed until ${formatDate(s.dismissal.until)}: ${s.dismissal.reason}`}
                    />
                  ) : (
                    <RoleGate need="admin">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() =>
                          onDismiss({
                            id: s.id,
                            websiteId: s.website.id,
                            websiteName: s.website.name,
                            title: finding.title,
                          })
                        }
                      >
                        Dismiss
                        <span className="sr-only"> on {s.website.name}</span>
                      </Button>
                    </RoleGate>
                  )}
                </span>
              </li>
            ))}
          </ul>
          {total > data.length && (
            <p className="text-xs text-muted-foreground">
              The first {data.length} of {formatCount(total, 'site')}, by name: filter by client, server or
              tag to see the others.
            </p>
          )}
        </div>
      )}
    </SectionQuery>
  );
}

/** A dismissed finding's note, and "Reopen" to undo the dismissal (Admin). */
export function Reopen({ id, websiteId, label }: { id: string; websiteId: number; label: string }) {
  const reopen = useDismissFinding(websiteId);
  return (
    <>
      <span className="text-xs text-muted-foreground">{label}</span>
      <RoleGate need="admin">
        <Button
          variant="ghost"
          size="sm"
          disabled={reopen.isPending}
          onClick={() =>
            // Awaited here, not in mutate's callbacks: the row leaves the list once reopened, and a
            // callback of an unmounted row would never run.
            reopen.mutateAsync({ id, body: null }).then(
              () => toast({ title: 'Finding reopened' }),
              (error) =>
                toast({
                  title: 'Could not reopen the finding',
                  description: errorMessage(error, 'Please try again.'),
                  variant: 'destructive',
                }),
            )
          }
        >
          Reopen
        </Button>
      </RoleGate>
    </>
  );
}
