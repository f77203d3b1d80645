import { cn } from '@web/lib/utils';
import type { ComponentProps } from 'react';

type SeparatorProps = ComponentProps<'div'> & { orientation?: 'horizontal' | 'vertical' };

/** A purely visual divider, hidden from assistive technology. */
export function Separator({ className, orientation = 'horizontal', ...props }: SeparatorProps) {
  return (
    <div
      role="none"
      className={cn(
        'shrink-0 bg-border',
        orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px',
        className,
      )}
      {...props}
    />
  );
}
