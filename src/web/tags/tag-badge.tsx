import type { Tag } from '@shared/tags';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import type { ReactNode } from 'react';
import { readableTextColor } from './colors';

interface TagBadgeProps {
  tag: Pick<Tag, 'name' | 'color'>;
  className?: string;
  /** Extra content after the name (a remove button, say). */
  children?: ReactNode;
}

/** A tag in its own colour, with black or white text, whichever reads better on it. */
export function TagBadge({ tag, className, children }: TagBadgeProps) {
  return (
    <Badge
      className={cn('max-w-full border-black/10 dark:border-white/15', className)}
      style={{ backgroundColor: tag.color, color: readableTextColor(tag.color) }}
    >
      <span className="truncate">{tag.name}</span>
      {children}
    </Badge>
  );
}
