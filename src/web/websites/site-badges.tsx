import type { Tag } from '@shared/tags';
import { Badge } from '@web/components/ui/badge';
import { TagBadge } from '@web/tags/tag-badge';

export function StagingBadge() {
  return (
    <Badge variant="outline" className="border-amber-500/50 text-amber-700 dark:text-amber-300">
      staging
    </Badge>
  );
}

/** A site's tags, or a dash. */
export function SiteTags({ tags }: { tags: readonly Tag[] }) {
  if (tags.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <TagBadge key={tag.id} tag={tag} />
      ))}
    </div>
  );
}
