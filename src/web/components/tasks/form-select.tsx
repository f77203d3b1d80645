import type { FieldControlProps } from '@web/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import type { Ref } from 'react';

const NONE = 'none';

export interface Option {
  value: string;
  label: string;
}

interface FormSelectProps {
  field: FieldControlProps;
  value: string | null;
  onChange: (value: string | null) => void;
  options: readonly Option[];
  /** The label of "no value" (a link left empty); omitted when a value is required. */
  noneLabel?: string;
  selectRef?: Ref<HTMLButtonElement>;
  disabled?: boolean;
}

/** A select inside a FormField; null stands for "none" (Radix items cannot have an empty value). */
export function FormSelect({
  field,
  value,
  onChange,
  options,
  noneLabel,
  selectRef,
  disabled,
}: FormSelectProps) {
  return (
    <Select value={value ?? NONE} onValueChange={(v) => onChange(v === NONE ? null : v)} disabled={disabled}>
      <SelectTrigger {...field} ref={selectRef}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="max-h-72">
        {noneLabel !== undefined && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
