import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { type FormEvent, useEffect, useState } from 'react';

interface PeriodFormProps {
  from: string;
  to: string;
  /** Field errors from the server (from after to, too long …). */
  errors?: Record<string, string[]>;
  onApply: (period: { from: string; to: string }) => void;
}

/** Two days, both included; the report reloads on "Show report". */
export function PeriodForm({ from, to, errors, onApply }: PeriodFormProps) {
  const [draft, setDraft] = useState({ from, to });
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
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        )}
      </FormField>
      <Button type="submit">Show report</Button>
    </form>
  );
}
