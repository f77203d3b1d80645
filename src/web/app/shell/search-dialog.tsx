import * as DialogPrimitive from '@radix-ui/react-dialog';
import { DialogOverlay } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import type { SearchItem } from '@web/lib/search/types';
import { useServerSearch } from '@web/lib/search/use-server-search';
import { moveHighlight } from '@web/search/filter';
import { indexOfId, mergeSearchResults } from '@web/search/merge';
import { pageEntries } from '@web/search/page-entries';
import { optionId, SearchResults } from '@web/search/search-results';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';

interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The local entries (the app's pages); the server adds its records. */
  pages?: readonly SearchItem[];
}

/**
 * The global search (Ctrl/Cmd+K): type to filter, arrows to move, Enter to go, Esc to close. The panel
 * unmounts when the dialog closes, which resets the query and the highlight.
 */
export function SearchDialog({ open, onOpenChange, pages = pageEntries }: SearchDialogProps) {
  const [, navigate] = useLocation();
  const select = (item: SearchItem) => {
    onOpenChange(false);
    navigate(item.link);
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-2xl outline-none data-[state=open]:animate-fade-in"
        >
          <DialogPrimitive.Title className="sr-only">Search</DialogPrimitive.Title>
          <SearchPanel pages={pages} onSelect={select} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function SearchPanel({
  pages,
  onSelect,
}: {
  pages: readonly SearchItem[];
  onSelect: (item: SearchItem) => void;
}) {
  const [query, setQuery] = useState('');
  // The highlight follows an entry, not a position, so late server results do not move it.
  const [activeId, setActiveId] = useState<string | null>(null);
  const listId = useId();
  const server = useServerSearch(query);
  const results = useMemo(() => mergeSearchResults(pages, server.items, query), [pages, server.items, query]);
  const highlight = indexOfId(results, activeId);

  // Keep the highlighted entry visible while moving through a long list with the arrow keys.
  useEffect(() => {
    document.getElementById(optionId(listId, highlight))?.scrollIntoView?.({ block: 'nearest' });
  }, [listId, highlight]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = moveHighlight(highlight, event.key === 'ArrowDown' ? 1 : -1, results.length);
      setActiveId(results[next]?.id ?? null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = results[highlight];
      if (item) onSelect(item);
    }
  };
  const searching = results.length === 0 && server.isPending;

  return (
    <>
      <div className="flex items-center gap-2 border-b px-4">
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <input
          role="combobox"
          aria-label="Search"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={results[highlight] ? optionId(listId, highlight) : undefined}
          placeholder="Search websites, servers, pages..."
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActiveId(null);
          }}
          onKeyDown={onKeyDown}
          className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
        {server.isFetching && <Spinner className="text-muted-foreground" />}
        <kbd className="hidden rounded border bg-muted px-1.5 py-0.5 text-[10px] font-medium text-muted-foreground sm:inline">
          Esc
        </kbd>
      </div>
      {results.length > 0 ? (
        <SearchResults
          listId={listId}
          results={results}
          highlight={highlight}
          onHighlight={(index) => setActiveId(results[index]?.id ?? null)}
          onSelect={onSelect}
        />
      ) : searching ? (
        <p role="status" className="px-4 py-10 text-center text-sm text-muted-foreground">
          Searching...
        </p>
      ) : (
        <div className="px-4 py-10 text-center">
          <p className="text-sm font-medium">No results found for "{query}"</p>
          <p className="mt-1 text-sm text-muted-foreground">Try searching for websites, servers, or pages</p>
        </div>
      )}
      {server.isError && (
        <p role="alert" className="border-t px-4 py-2 text-xs text-destructive-text">
          Records could not be searched just now; pages are still listed.
        </p>
      )}
    </>
  );
}
