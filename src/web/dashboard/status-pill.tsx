import { cn } from '@web/lib/utils';
import { toneClasses } from './status';

/** A coloured status label with a dot; the text carries the meaning, the colour repeats it. */
export function StatusPill({ label, tone }: { label: string; tone: keyof typeof toneClasses }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        toneClasses[tone],
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}
