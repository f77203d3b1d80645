import type { CreateUpdateRunBody, UpdateItemType } from '@shared/updates';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useCreateUpdateRun } from '@web/lib/updates/api';
import { type FormEvent, useId, useState } from 'react';
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
 * Asks for an update run: what to update (all chosen at first), whether a recent backup is enough and,
 * for several sites, a canary. The run page then shows each site's steps as they happen.
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

function UpdateForm({ choices, websiteIds, offerCanary, onDone }: Props & { onDone: () => void }) {
  const create = useCreateUpdateRun();
  const [, navigate] = useLocation();
  const [chosen, setChosen] = useState(() => new Set(choices.map((_, i) => i)));
  const [skipRecent, setSkipRecent] = useState(false);
  const [canary, setCanary] = useState(Boolean(offerCanary));
  const [reasons, setReasons] = useState<string[]>([]);
  const id = useId();

  const submit = async (event: FormEvent) => {
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
      const { id: runId } = await create.mutateAsync(body);
      toast({ title: 'Update started', description: 'Each site is backed up first and checked after.' });
      onDone();
      navigate(`/updates/${runId}`);
    } catch (error) {
      setReasons(isApiError(error) ? (error.fieldErrors?.websiteIds ?? []) : []);
      toast({
        title: 'The update was not started',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">What to update</legend>
        <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2">
          {choices.map((c, i) => (
            <li key={`${c.type}:${c.slug ?? ''}`} className="flex items-start gap-2 py-1">
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
              Otherwise the host takes a backup before anything changes, tagged with the run
              (pre-update-run-12 for run #12).
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
      {reasons.length > 0 && (
        <ul className="grid gap-1 rounded-md bg-muted p-2 text-xs" aria-label="Why nothing would be updated">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      <FormDialogFooter
        pending={create.isPending}
        onCancel={onDone}
        submitLabel="Start update"
        disabled={chosen.size === 0}
      />
    </form>
  );
}
