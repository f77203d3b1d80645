import { EARLIEST_DAY, latestDay } from '@shared/dates';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';
import { type FormEvent, useEffect, useState } from 'react';
import { periodPresets } from './presets';

interface PeriodFormProps {
  from: string;
  to: string;
  /** Today in the agency's time zone: where the quick periods end. */
  today: string;
  /** Field errors from the server (from after to, too long …). */
  errors?: Record<string, string[]>;
  onApply: (period: { from: string; to: string }) => void;
}

/**
 * The report's period: a quick period in one click (the one shown is marked pressed), or two days,
 * both included, on "Show report".
 */
export function PeriodForm({ from, to, today, errors, onApply }: PeriodFormProps) {
  return (
    <div className="grid gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick periods</legend>
        {periodPresets(today).map((p) => {
          const current = p.from === from && p.to === to;
          return (
            <Button
              key={p.id}
              type="button"
              size="sm"
              variant={current ? 'secondary' : 'outline'}
              aria-pressed={current}
              className={cn(current && 'ring-1 ring-ring/40')}
              onClick={() => onApply({ from: p.from, to: p.to })}
            >
              {p.label}
            </Button>
          );
        })}
      </fieldset>
      <PeriodDates from={from} to={to} errors={errors} onApply={onApply} />
    </div>
  );
}

/** Two days, both included; the report reloads on "Show report". */
function PeriodDates({ from, to, errors, onApply }: Omit<PeriodFormProps, 'today'>) {
  const [draft, setDraft] = useState({ from, to });
  // The dates the API accepts: the browser says so before asking.
  const latest = latestDay(new Date());
  useEffect(() => setDraft({ from, to }), [from, to]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      aria-label="Period"
    >
      <FormField label="From" error={errors?.from?.[0]}>
        {(control) => (
          <Input
            {...control}
            type="date"
            required
            min={EARLIEST_DAY}
            max={latest}
            value={draft.from}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
        )}
      </FormField>
      <FormField label="To" error={errors?.to?.[0]}>
        {(control) => (
          <Input
            {...control}
            type="date"
            required
            min={EARLIEST_DAY}
            max={latest}
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        )}
      </FormField>
      <Button type="submit">Show report</Button>
    </form>
  );
}
