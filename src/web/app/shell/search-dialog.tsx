import * as DialogPrimitive from '@radix-ui/react-dialog';
import { DialogOverlay } from '@web/components/ui/dialog';
import { cn } from '@web/lib/utils';
import { filterSearchItems, moveHighlight } from '@web/search/filter';
import { pageEntries } from '@web/search/page-entries';
import { type SearchItem, type SearchItemType, searchTypeStyles } from '@web/search/types';
import { FileText, Globe, type LucideIcon, Search, Server, Zap } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';

const typeIcons: Record<SearchItemType, LucideIcon> = {
  website: Globe,
  server: Server,
  page: FileText,
  action: Zap,
};

interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items?: readonly SearchItem[];
}

/**
 * The global search (spec §2): type to filter, arrows to move, Enter to go, Esc to close. The panel
 * unmounts when the dialog closes, which resets the query and the highlight.
 */
export function SearchDialog({ open, onOpenChange, items = pageEntries }: SearchDialogProps) {
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
          <SearchPanel items={items} onSelect={select} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function SearchPanel({
  items,
  onSelect: select,
}: {
  items: readonly SearchItem[];
  onSelect: (item: SearchItem) => void;
}) {
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(0);
  const listId = useId();
  const results = useMemo(() => filterSearchItems(items, query), [items, query]);

  // Keep the highlighted entry visible while moving through a long list with the arrow keys.
  useEffect(() => {
    document.getElementById(`${listId}-${highlight}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [listId, highlight]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((h) => moveHighlight(h, event.key === 'ArrowDown' ? 1 : -1, results.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = results[highlight];
      if (item) select(item);
    }
  };

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
          aria-activedescendant={results[highlight] ? `${listId}-${highlight}` : undefined}
          placeholder="Search websites, servers, pages..."
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setHighlight(0);
          }}
          onKeyDown={onKeyDown}
          className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
        <kbd className="hidden rounded border bg-muted px-1.5 py-0.5 text-[10px] font-medium text-muted-foreground sm:inline">
          Esc
        </kbd>
      </div>
      {results.length === 0 ? (
        <div className="px-4 py-10 text-center">
          <p className="text-sm font-medium">No results found for "{query}"</p>
          <p className="mt-1 text-sm text-muted-foreground">Try searching for websites, servers, or pages</p>
        </div>
      ) : (
        <div
          id={listId}
          role="listbox"
          aria-label="Search results"
          className="max-h-[400px] overflow-y-auto p-2"
        >
          {results.map((item, index) => {
            const Icon = typeIcons[item.type];
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard.
              <div
                key={item.id}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === highlight}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setHighlight(index)}
                onClick={() => select(item)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2.5',
                  index === highlight && 'bg-accent text-accent-foreground',
                )}
              >
                <span
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-md',
                    searchTypeStyles[item.type],
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{item.title}</span>
                  <span className="block truncate text-xs text-muted-foreground">{item.description}</span>
                </span>
                <span
                  className={cn(
                    'rounded px-1.5 py-0.5 text-[10px] font-medium uppercase',
                    searchTypeStyles[item.type],
                  )}
                >
                  {item.type}
                </span>
              </div>
            );
          })}
        </div>
      )}
    </>
  );
}
