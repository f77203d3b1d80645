import type { CreateUpdateRunBody, PlannedUpdateSite, UpdateItemType, UpdateRunPlan } from '@shared/updates';
import { BackupAge } from '@web/components/backups/backup-state';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { formatCount, formatMoment } from '@web/lib/format';
import { nothingToUpdateReasons, useCreateUpdateRun, usePlanUpdateRun } from '@web/lib/updates/api';
import { ChevronRight } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/** One thing the person may update: shown with its versions, sent as the run's item. */
export type UpdateChoice = {
  type: UpdateItemType;
  slug: string | null;
  name: string;
  /** The installed version (absent when it differs per site). */
  from?: string | null;
  /**
   * The version to update to; null leaves it to each site: a plugin or theme takes the update the site
   * is offered, WordPress the newest release in the site's branch (never a major release).
   */
  to: string | null;
};

/** What a choice without a version of its own updates to, as the server plans it. */
const openTarget = (type: UpdateItemType) =>
  type === 'core' ? 'the newest release in its branch' : 'the update each site is offered';

const choiceKey = (item: { type: UpdateItemType; slug: string | null }) => `${item.type}:${item.slug ?? ''}`;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  choices: UpdateChoice[];
  /** The websites to update; absent: every website that runs the item. */
  websiteIds?: number[];
  /** Run the first site alone, the others once it verified (several sites). */
  offerCanary?: boolean;
};

/**
 * Asks for an update run in two steps. First what to update (all chosen at first), whether a recent
 * backup is enough and, for several sites, a canary. Then the plan the server would follow: each site
 * with its items installed → target and its newest backup, the sites left out with why, and when the
 * run starts (now or at a time). The run page then shows each site's steps as they happen.
 */
export function UpdateDialog(props: Props) {
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      description={props.description}
      className="sm:max-w-lg"
    >
      <UpdateForm key={String(props.open)} {...props} onDone={() => props.onOpenChange(false)} />
    </FormDialog>
  );
}

/** "3 sites will be updated, 1 left out"; "No site will be updated, 2 left out". */
function planSummary(plan: UpdateRunPlan): string {
  const updated =
    plan.pending === 0 ? 'No site will be updated' : `${formatCount(plan.pending, 'site')} will be updated`;
  return plan.skipped > 0 ? `${updated}, ${plan.skipped.toLocaleString('en-US')} left out` : updated;
}

/**
 * The chosen start time as an ISO instant, or what is wrong with it: a run starts now or at a time
 * still to come, never at one already gone.
 */
function startTime(value: string, now = Date.now()): { iso: string } | { error: string } {
  if (!value) return { error: 'Choose when it starts' };
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return { error: 'Choose when it starts' };
  if (at.getTime() <= now) return { error: 'That time has passed: choose a time still to come' };
  return { iso: at.toISOString() };
}

function UpdateForm({ choices, websiteIds, offerCanary, onDone }: Props & { onDone: () => void }) {
  const planning = usePlanUpdateRun();
  const create = useCreateUpdateRun();
  const [, navigate] = useLocation();
  const [chosen, setChosen] = useState(() => new Set(choices.map((_, i) => i)));
  const [skipRecent, setSkipRecent] = useState(false);
  const [canary, setCanary] = useState(Boolean(offerCanary));
  const [reasons, setReasons] = useState<string[]>([]);
  /** The plan shown (the second step) and the body it was made from; null: the first step. */
  const [review, setReview] = useState<{ plan: UpdateRunPlan; body: CreateUpdateRunBody } | null>(null);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [startsAt, setStartsAt] = useState('');
  const [startsAtError, setStartsAtError] = useState<string>();
  /** Back from the plan: the focus returns to "Review plan", not to the top of the dialog. */
  const [cameBack, setCameBack] = useState(false);
  const id = useId();

  const reviewPlan = async (event: FormEvent) => {
    event.preventDefault();
    const body: CreateUpdateRunBody = {
      items: choices
        .filter((_, i) => chosen.has(i))
        .map((c) => ({
          type: c.type,
          ...(c.slug ? { slug: c.slug } : {}),
          ...(c.to ? { targetVersion: c.to } : {}),
        })),
      ...(websiteIds ? { websiteIds } : {}),
      ...(offerCanary && canary ? { canary: true } : {}),
      ...(skipRecent ? { skipBackupIfNewerThanMinutes: 60 } : {}),
    };
    try {
      const plan = await planning.mutateAsync(body);
      setReasons([]);
      setReview({ plan, body });
    } catch (error) {
      setReasons(isApiError(error) ? (error.fieldErrors?.websiteIds ?? []) : []);
      toast({
        title: 'The plan could not be made',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!review || review.plan.pending === 0) return;
    let later: string | undefined;
    if (when === 'later') {
      const time = startTime(startsAt);
      if ('error' in time) return setStartsAtError(time.error);
      later = time.iso;
    }
    setStartsAtError(undefined);
    try {
      const { id: runId } = await create.mutateAsync({
        ...review.body,
        ...(later ? { startsAt: later } : {}),
      });
      toast(
        later
          ? { title: 'Update scheduled', description: `Starts ${formatMoment(later)}.` }
          : { title: 'Update started', description: 'Each site is backed up first and checked after.' },
      );
      onDone();
      navigate(`/updates/${runId}`);
    } catch (error) {
      setReasons(nothingToUpdateReasons(error) ?? []);
      if (isApiError(error) && error.fieldErrors?.startsAt) setStartsAtError(error.fieldErrors.startsAt[0]);
      toast({
        title: later ? 'The update was not scheduled' : 'The update was not started',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  if (review)
    return (
      <form onSubmit={start} noValidate className="grid gap-5">
        <PlanView plan={review.plan} choices={choices} />
        {reasons.length > 0 && <Reasons reasons={reasons} />}
        {review.plan.pending > 0 && (
          <div className="grid gap-3">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">When</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {(
                  [
                    ['now', 'Now'],
                    ['later', 'Later'],
                  ] as const
                ).map(([value, label]) => (
                  <label
                    key={value}
                    className="flex items-center gap-2 text-sm"
                    htmlFor={`${id}-when-${value}`}
                  >
                    <input
                      id={`${id}-when-${value}`}
                      type="radio"
                      name={`${id}-when`}
                      value={value}
                      checked={when === value}
                      onChange={() => {
                        setWhen(value);
                        setStartsAtError(undefined);
                      }}
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            {when === 'later' && (
              <FormField label="Start time" error={startsAtError}>
                {(field) => (
                  <Input
                    {...field}
                    type="datetime-local"
                    className="dark:[color-scheme:dark]"
                    value={startsAt}
                    onChange={(e) => {
                      setStartsAt(e.target.value);
                      setStartsAtError(undefined);
                    }}
                  />
                )}
              </FormField>
            )}
          </div>
        )}
        <FormDialogFooter
          pending={create.isPending}
          onCancel={() => {
            setReasons([]);
            setCameBack(true);
            setReview(null);
          }}
          cancelLabel="Back"
          submitLabel={review.plan.pending > 0 && when === 'later' ? 'Schedule update' : 'Start update'}
          disabled={review.plan.pending === 0}
        />
      </form>
    );

  return (
    <form onSubmit={reviewPlan} noValidate className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">What to update</legend>
        <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2">
          {choices.map((c, i) => (
            <li key={choiceKey(c)} className="flex items-start gap-2 py-1">
              <Checkbox
                id={`${id}-${i}`}
                checked={chosen.has(i)}
                onCheckedChange={(on) => {
                  const next = new Set(chosen);
                  if (on) next.add(i);
                  else next.delete(i);
                  setChosen(next);
                }}
              />
              <Label htmlFor={`${id}-${i}`} className="grid gap-0.5 font-normal">
                <span className="font-medium">{c.name}</span>
                <span className="text-xs tabular-nums text-muted-foreground">
                  {c.from ? `${c.from} → ` : ''}
                  {c.to ?? openTarget(c.type)}
                </span>
              </Label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="grid gap-3">
        <div className="flex items-start gap-2">
          <Checkbox
            id={`${id}-skip`}
            checked={skipRecent}
            onCheckedChange={(on) => setSkipRecent(Boolean(on))}
          />
          <Label htmlFor={`${id}-skip`} className="grid gap-0.5 font-normal">
            <span>Skip the backup when the newest is under an hour old</span>
            <span className="text-xs text-muted-foreground">
              Otherwise the host takes a backup before anything changes, tagged with the run’s number.
            </span>
          </Label>
        </div>
        {offerCanary && (
          <div className="flex items-start gap-2">
            <Checkbox id={`${id}-canary`} checked={canary} onCheckedChange={(on) => setCanary(Boolean(on))} />
            <Label htmlFor={`${id}-canary`} className="grid gap-0.5 font-normal">
              <span>Update one site first</span>
              <span className="text-xs text-muted-foreground">
                The others start only once it is updated and healthy.
              </span>
            </Label>
          </div>
        )}
      </div>
      {reasons.length > 0 && <Reasons reasons={reasons} />}
      <ReviewFooter
        pending={planning.isPending}
        onCancel={onDone}
        disabled={chosen.size === 0}
        focus={cameBack}
      />
    </form>
  );
}

/** The first step's buttons; back from the plan, the focus lands on "Review plan" again. */
function ReviewFooter({
  pending,
  onCancel,
  disabled,
  focus,
}: {
  pending: boolean;
  onCancel: () => void;
  disabled: boolean;
  focus: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [focus]);
  return (
    <div ref={ref}>
      <FormDialogFooter pending={pending} onCancel={onCancel} submitLabel="Review plan" disabled={disabled} />
    </div>
  );
}

function Reasons({ reasons }: { reasons: string[] }) {
  return (
    <ul className="grid gap-1 rounded-md bg-muted p-2 text-xs" aria-label="Why nothing would be updated">
      {reasons.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
}

/**
 * The second step's plan: the sites to update (domain, each item installed → target, the newest
 * backup's age), then those left out, folded away unless nothing would be updated, each with why.
 */
function PlanView({ plan, choices }: { plan: UpdateRunPlan; choices: UpdateChoice[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // The step's buttons were replaced: the focus moves to the plan, so a keyboard or a screen reader
  // continues from it.
  useEffect(() => heading.current?.focus(), []);
  const names = new Map(choices.map((c) => [choiceKey(c), c.name]));
  const nameOf = (item: PlannedUpdateSite['items'][number]) =>
    names.get(choiceKey(item)) ?? (item.type === 'core' ? 'WordPress' : (item.slug ?? ''));
  const pending = plan.sites.filter((s) => s.status === 'pending');
  const skipped = plan.sites.filter((s) => s.status === 'skipped');
  return (
    <section className="grid gap-3" aria-labelledby={headingId}>
      <div className="grid gap-1">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-medium outline-none">
          Plan
        </h3>
        <p className="text-sm text-muted-foreground">{planSummary(plan)}</p>
      </div>
      {pending.length > 0 && (
        <ul
          className="grid max-h-64 overflow-y-auto rounded-md border text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label="Sites to update"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list must scroll by keyboard too
          tabIndex={0}
        >
          {pending.map((site) => (
            <li key={site.websiteId} className="grid gap-1 border-b px-3 py-2 last:border-b-0">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="min-w-0 font-medium break-all">{site.domain}</span>
                <span className="text-xs text-muted-foreground">
                  {site.lastBackupAt ? (
                    <>
                      Last backup <BackupAge at={site.lastBackupAt} readAt={null} />
                    </>
                  ) : (
                    'No backup known'
                  )}
                </span>
              </div>
              <ul className="grid gap-0.5 text-xs" aria-label={`What is updated on ${site.domain}`}>
                {site.items.map((item) => (
                  <li key={choiceKey(item)} className="break-all">
                    {nameOf(item)}{' '}
                    <span className="tabular-nums text-muted-foreground">
                      {item.from} → {item.to}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {skipped.length > 0 && (
        <details className="group rounded-md border text-sm" open={pending.length === 0}>
          <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-2 font-medium text-muted-foreground select-none hover:text-foreground [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
            {skipped.length.toLocaleString('en-US')} left out
          </summary>
          <ul
            className="grid max-h-48 gap-1 overflow-y-auto border-t px-3 py-2 text-xs"
            aria-label="Sites left out"
          >
            {skipped.map((site) => (
              <li key={site.websiteId} className="break-words">
                <span className="font-medium">{site.domain}</span>: {site.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
