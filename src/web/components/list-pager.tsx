import { Button } from '@web/components/ui/button';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Previous / page N of M / Next under a paged list; nothing when everything fits on one page. */
export function ListPager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-muted-foreground" aria-current="page">
        Page {page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
      </span>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
