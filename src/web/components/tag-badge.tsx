import type { Tag } from '@shared/tags';
import { Badge } from '@web/components/ui/badge';
import { readableTextColor } from '@web/lib/colors';
import { cn } from '@web/lib/utils';
import type { ReactNode } from 'react';

interface TagBadgeProps {
  tag: Pick<Tag, 'name' | 'color'>;
  className?: string;
  /** Extra content after the name (a remove button, say). */
  children?: ReactNode;
  /** A long name takes more lines instead of being cut short. */
  wrap?: boolean;
}

/** A tag in its own colour, with black or white text, whichever reads better on it. */
export function TagBadge({ tag, className, children, wrap = false }: TagBadgeProps) {
  return (
    <Badge
      className={cn(
        'max-w-full border-black/10 dark:border-white/15',
        wrap && 'whitespace-normal',
        className,
      )}
      style={{ backgroundColor: tag.color, color: readableTextColor(tag.color) }}
    >
      <span className={wrap ? 'break-words' : 'truncate'}>{tag.name}</span>
      {children}
    </Badge>
  );
}

/** A row of tags, or a dash when there are none; `wrap` lets a long name take two lines (a narrow column). */
export function TagBadges({ tags, wrap = false }: { tags: readonly Tag[]; wrap?: boolean }) {
  if (tags.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <TagBadge key={tag.id} tag={tag} wrap={wrap} />
      ))}
    </div>
  );
}
