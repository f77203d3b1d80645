import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useDebouncedQuery } from '@web/lib/use-list-params';
import { useCallback } from 'react';
import { type AuditParams, useAuditPeople } from './api';

type Key = 'actorId' | 'action' | 'targetType' | 'targetId' | 'from' | 'to';
type SetParams = (
  patch: Partial<Record<Key | 'page', string | number | undefined>>,
  opts?: { replace?: boolean },
) => void;

/** A text filter that follows typing a moment after the last key, like the lists' search. */
function TextFilter({
  label,
  placeholder,
  value,
  onSettle,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onSettle: (value: string | undefined) => void;
}) {
  const [text, setText] = useDebouncedQuery(value, onSettle);
  return (
    <FormField label={label} className="gap-1.5">
      {(control) => (
        <Input
          {...control}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          className="w-full sm:w-48"
        />
      )}
    </FormField>
  );
}

/** One end of the period, a calendar day (both ends included). */
function DayFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <FormField label={label} className="gap-1.5">
      {(control) => (
        <Input
          {...control}
          type="date"
          value={value ?? ''}
          min={min}
          max={max}
          onChange={(event) => onChange(event.target.value || undefined)}
          className="w-full sm:w-40 dark:[color-scheme:dark]"
        />
      )}
    </FormField>
  );
}

/** Who, what, on what and when: each filter is kept in the address, so a link shows the same entries. */
export function AuditFilters({ params, set }: { params: AuditParams; set: SetParams }) {
  const people = useAuditPeople();
  const onAction = useCallback((action: string | undefined) => set({ action }, { replace: true }), [set]);
  const onTarget = useCallback(
    (targetType: string | undefined) => set({ targetType }, { replace: true }),
    [set],
  );
  const known = people.data?.some((p) => String(p.id) === params.actorId);
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Filters</legend>
      <FormField label="Person" className="gap-1.5">
        {(control) => (
          <Select
            value={params.actorId ?? 'all'}
            onValueChange={(v) => set({ actorId: v === 'all' ? undefined : v })}
          >
            <SelectTrigger id={control.id} className="w-full sm:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Everyone</SelectItem>
              {people.data?.map((p) => (
                <SelectItem key={p.id} value={String(p.id)}>
                  {p.username}
                </SelectItem>
              ))}
              {/* Someone removed from the team since, reached by a link. */}
              {params.actorId && !known && (
                <SelectItem value={params.actorId}>Person #{params.actorId}</SelectItem>
              )}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <TextFilter
        label="Action"
        placeholder="e.g. clients.update"
        value={params.action}
        onSettle={onAction}
      />
      <TextFilter
        label="Target type"
        placeholder="e.g. clients"
        value={params.targetType}
        onSettle={onTarget}
      />
      <DayFilter label="From" value={params.from} max={params.to} onChange={(from) => set({ from })} />
      <DayFilter label="To" value={params.to} min={params.from} onChange={(to) => set({ to })} />
    </fieldset>
  );
}
