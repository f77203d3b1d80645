import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { cn } from '@web/lib/utils';
import { Check, ChevronsUpDown } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';

/** An option; `count` (how many rows it would show) is left out where it means nothing. */
export type PickerOption = { id: string; label: string; count?: number };

interface OptionPickerProps {
  /** The trigger's accessible name ("Server filter"). */
  label: string;
  /** What "no filter" reads ("All servers"). */
  allLabel: string;
  value: string | undefined;
  /** The selected option's text (it may not be among the options the current search loaded). */
  valueLabel: string | undefined;
  options: readonly PickerOption[];
  /** The search box text; the caller loads the options that match it from the server. */
  search: string;
  onSearch: (value: string) => void;
  onChange: (value: string | undefined) => void;
  placeholder: string;
  loading?: boolean;
  className?: string;
  /** A form field's id and descriptions, so its label names the trigger (instead of `label`). */
  field?: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined };
}

/**
 * A filter menu over a long list (2,000 servers): a search box whose matches come from the server, at
 * most a few dozen at a time, each with its count. Arrow keys move, Enter picks, Esc closes.
 */
export function OptionPicker(props: OptionPickerProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const listId = useId();
  const items: { id: string | undefined; label: string; count?: number }[] = [
    { id: undefined, label: props.allLabel },
    ...props.options.map((o) => ({ id: o.id, label: o.label, count: o.count })),
  ];
  const pick = (id: string | undefined) => {
    props.onChange(id);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = Math.max(0, Math.min(items.length - 1, active + (e.key === 'ArrowDown' ? 1 : -1)));
      setActive(next);
      list.current?.querySelectorAll('[role=option]')[next]?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[active];
      if (item) pick(item.id);
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setActive(0);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-label={props.field ? undefined : props.label}
          {...props.field}
          className={cn('justify-between font-normal', props.className)}
        >
          <span className="truncate">{props.value ? (props.valueLabel ?? props.value) : props.allLabel}</span>
          <ChevronsUpDown className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-72 p-2" align="start">
        <Input
          type="search"
          autoFocus
          value={props.search}
          onChange={(e) => {
            props.onSearch(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={props.placeholder}
          aria-label={props.placeholder}
          aria-controls={listId}
        />
        <div
          ref={list}
          id={listId}
          role="listbox"
          aria-label={props.label}
          className="mt-2 max-h-64 overflow-y-auto"
        >
          {items.map((item, i) => (
            <button
              type="button"
              role="option"
              aria-selected={item.id === props.value}
              key={item.id ?? '__all'}
              onClick={() => pick(item.id)}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none',
                i === active && 'bg-accent text-accent-foreground',
              )}
            >
              <Check
                className={cn('size-4 shrink-0', item.id === props.value ? 'opacity-100' : 'opacity-0')}
                aria-hidden="true"
              />
              <span className="min-w-0 flex-1 truncate">{item.label}</span>
              {item.count !== undefined && (
                <span className="text-xs text-muted-foreground tabular-nums">
                  {item.count.toLocaleString('en-US')}
                </span>
              )}
            </button>
          ))}
          {props.options.length === 0 && !props.loading && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">No matches</p>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
