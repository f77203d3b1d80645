import {
  UPDATE_STEP_LABELS,
  type UpdateRun,
  type UpdateRunSite,
  type UpdateSiteStepView,
} from '@shared/updates';
import { WEBSITE_HOST_NAMES } from '@shared/websites';
import { usePageTitle } from '@web/app/page-title';
import { DetailHeader, DetailStates } from '@web/components/detail-states';
import { FormDialog } from '@web/components/form-dialog';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { DialogFooter } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatCount, formatDateTime } from '@web/lib/format';
import { runUnderWay, useCancelUpdateRun, useUpdateRun } from '@web/lib/updates/api';
import { cn } from '@web/lib/utils';
import { CircleCheck, CircleDot, CircleMinus, OctagonX, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import { RunStatusPill, SiteStatusPill } from './status';
import { ITEM_RESULT_LABELS, itemName, runSummary, siteUnderWay, timeline } from './summary';

const back = { href: '/updates', label: 'Back to Updates' };

/** How many sites the page lists before "Show all". */
const FIRST = 50;

const positiveId = (id: string) => (/^[1-9]\d*$/.test(id) ? Number(id) : 0);

/** One update run: how far it got, and each site's items and steps, followed while it runs. */
export function UpdateRunPage() {
  const id = useParams<{ id: string }>().id ?? '';
  const runId = positiveId(id);
  const run = useUpdateRun(runId);
  usePageTitle(run.data?.title ?? 'Update run', 'Update run');
  // An id that is not a number names no run: not found, without asking the server.
  const query = runId
    ? run
    : { isPending: false, isError: false, error: null, data: undefined as UpdateRun | undefined };
  return (
    <DetailStates
      id={id}
      back={back}
      query={query}
      texts={{
        noId: 'No update run given',
        loading: 'Loading the update run...',
        error: 'Unable to load the update run',
        errorFallback: 'Please try again.',
        notFound: 'This update run does not exist, or you cannot see it',
      }}
    >
      {() => <RunView run={run.data as UpdateRun} />}
    </DetailStates>
  );
}

function At({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/** Who asked for the run and when it started, starts or ended. */
function RunTimes({ run }: { run: UpdateRun }) {
  return (
    <>
      {run.requestedBy ? `Requested by ${run.requestedBy.name}` : 'Requested'} on <At at={run.createdAt} />
      {run.startedAt ? (
        <>
          {' · '}started <At at={run.startedAt} />
        </>
      ) : run.status === 'scheduled' ? (
        <>
          {' · '}starts <At at={run.startsAt} />
        </>
      ) : null}
      {run.finishedAt && (
        <>
          {' · '}ended <At at={run.finishedAt} />
        </>
      )}
    </>
  );
}

function RunView({ run }: { run: UpdateRun }) {
  const [all, setAll] = useState(false);
  const open = runUnderWay(run.status);
  const shown = all ? run.sites : run.sites.slice(0, FIRST);
  return (
    <>
      <DetailHeader
        back={back}
        title={run.title}
        subtitle={<RunTimes run={run} />}
        aside={
          <>
            <RunStatusPill status={run.status} />
            {open && !run.cancelRequestedAt && <CancelRun runId={run.id} />}
          </>
        }
      />
      <Card>
        <CardContent className="grid gap-2 p-4 text-sm">
          <p className="text-base font-medium">{runSummary(run.status, run.counts)}</p>
          <p className="text-muted-foreground">
            {run.canary ? 'The first site runs alone; the others start once it is updated and checked. ' : ''}
            {`Up to ${formatCount(run.concurrency, 'site')} at a time. `}
            {run.skipBackupIfNewerThanMinutes
              ? `No new backup for a site backed up in the last ${formatCount(run.skipBackupIfNewerThanMinutes, 'minute')}.`
              : 'Every site is backed up first.'}
          </p>
          {run.cancelRequestedAt && open && (
            <p className="flex items-start gap-2 rounded-md bg-amber-500/10 p-2 text-xs text-amber-800 dark:text-amber-200">
              <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              <span>
                Cancelled <At at={run.cancelRequestedAt} />: sites not started are skipped; sites under way
                finish their current step and roll back if mid-update.
              </span>
            </p>
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="run-sites-heading" className="grid min-w-0 gap-3">
        <h3 id="run-sites-heading" className="text-lg font-semibold">
          Sites
        </h3>
        {run.sites.length === 0 ? (
          <p className="text-sm text-muted-foreground">This run has no sites.</p>
        ) : (
          <>
            <ul className="grid gap-3" aria-label="Sites of this run">
              {shown.map((site) => (
                <SiteCard key={site.websiteId} site={site} />
              ))}
            </ul>
            {run.sites.length > FIRST && (
              <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setAll(!all)}>
                {all ? 'Show fewer' : `Show all ${run.sites.length.toLocaleString('en-US')} sites`}
              </Button>
            )}
          </>
        )}
      </section>
    </>
  );
}

/**
 * "Cancel run" (Staff+), confirmed first, saying what becomes of each site; the dialog stays open
 * while the request is under way and says why when it was refused.
 */
function CancelRun({ runId }: { runId: number }) {
  const cancel = useCancelUpdateRun(runId);
  const [open, setOpen] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await cancel.mutateAsync();
      toast({ title: 'Run cancelled', description: 'Sites under way finish before it ends.' });
      setOpen(false);
    } catch (error) {
      toast({
        title: 'The run was not cancelled',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <>
      <RoleGate need="staff">
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          Cancel run
        </Button>
      </RoleGate>
      <FormDialog
        open={open}
        onOpenChange={(next) => !cancel.isPending && setOpen(next)}
        title="Cancel this update run?"
        description="Sites not started are skipped; sites under way finish their current step and roll back if mid-update."
      >
        <form onSubmit={submit}>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep the run
            </Button>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              {cancel.isPending && <Spinner />}
              Cancel run
            </Button>
          </DialogFooter>
        </form>
      </FormDialog>
    </>
  );
}

const REASON_TONE: Partial<Record<UpdateRunSite['status'], string>> = {
  failed: 'bg-red-500/10 text-red-800 dark:text-red-200',
  'rolled-back': 'bg-amber-500/10 text-amber-800 dark:text-amber-200',
};

function SiteCard({ site }: { site: UpdateRunSite }) {
  const href = `/websites/internal/${site.websiteId}`;
  return (
    <li>
      <Card className="grid min-w-0 gap-3 p-4 text-sm">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              href={href}
              className="rounded-sm font-medium break-all underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {site.domain}
            </Link>
            <div className="text-xs text-muted-foreground">
              {WEBSITE_HOST_NAMES[site.host]} ·{' '}
              {site.lastBackupAt ? (
                <>
                  newest backup when planned <At at={site.lastBackupAt} />
                </>
              ) : (
                'no backup known when planned'
              )}
            </div>
          </div>
          <SiteStatusPill status={site.status} />
        </div>
        {site.reason && (
          <p className={cn('rounded-md p-2 text-xs break-words', REASON_TONE[site.status] ?? 'bg-muted')}>
            {site.reason}
          </p>
        )}
        {site.status === 'failed' && (
          <p className="text-xs">
            Restore its pre-update backup from{' '}
            <Link href={href} className="font-medium text-primary-text underline underline-offset-2">
              the website's page
            </Link>
            .
          </p>
        )}
        {site.items.length > 0 && (
          <ul className="grid gap-1" aria-label={`What is updated on ${site.domain}`}>
            {site.items.map((item) => (
              <li
                key={`${item.type}:${item.slug ?? ''}`}
                className="flex flex-wrap items-baseline justify-between gap-x-3"
              >
                <span className="min-w-0 break-all">
                  <span className="font-medium">{itemName(item)}</span>{' '}
                  <span className="tabular-nums text-muted-foreground">
                    {item.from} → {item.to}
                  </span>
                </span>
                <span
                  className={cn(
                    'text-xs',
                    item.result === 'updated' && 'text-green-700 dark:text-green-300',
                    item.result === 'rolled-back' && 'text-amber-700 dark:text-amber-300',
                    item.result === 'failed' && 'text-red-700 dark:text-red-300',
                    (item.result === 'pending' ||
                      item.result === 'not-changed' ||
                      item.result === 'not-started') &&
                      'text-muted-foreground',
                  )}
                >
                  {ITEM_RESULT_LABELS[item.result]}
                </span>
              </li>
            ))}
          </ul>
        )}
        {site.steps.length > 0 && <Steps site={site} />}
      </Card>
    </li>
  );
}

const STEP_ICON = {
  ok: { icon: CircleCheck, className: 'text-green-700 dark:text-green-300', label: 'done' },
  failed: { icon: OctagonX, className: 'text-red-700 dark:text-red-300', label: 'failed' },
  skipped: { icon: CircleMinus, className: 'text-muted-foreground', label: 'skipped' },
  started: { icon: CircleDot, className: 'text-blue-700 dark:text-blue-300', label: 'started' },
} as const;

/** The site's steps so far, oldest first: each with its time, outcome and what it found. */
function Steps({ site }: { site: UpdateRunSite }) {
  const steps = timeline(site.steps);
  const last = steps.length - 1;
  return (
    <ol className="grid gap-1.5 border-l pl-3 text-xs" aria-label={`Steps on ${site.domain}`}>
      {steps.map((step, i) => (
        <StepRow
          // Steps are a log: the same step may appear as started, then with its outcome.
          // biome-ignore lint/suspicious/noArrayIndexKey: entries never move or disappear
          key={i}
          step={step}
          current={i === last && step.result === 'started' && siteUnderWay(site.status)}
        />
      ))}
    </ol>
  );
}

function StepRow({ step, current }: { step: UpdateSiteStepView; current: boolean }) {
  const { icon: Icon, className, label } = STEP_ICON[step.result];
  return (
    <li className="grid grid-cols-[auto_1fr] gap-x-2">
      {current ? (
        <Spinner className="mt-px size-3.5 text-blue-700 dark:text-blue-300" />
      ) : (
        <Icon className={cn('mt-px size-3.5', className)} aria-hidden="true" />
      )}
      <div className="min-w-0">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">
            {UPDATE_STEP_LABELS[step.step]}
            <span className="sr-only">: {current ? 'under way' : label}</span>
          </span>
          <span className="text-muted-foreground tabular-nums">
            <At at={step.at} />
          </span>
        </div>
        {step.detail && <p className="break-words text-muted-foreground">{step.detail}</p>}
      </div>
    </li>
  );
}
