import { Button } from '@web/components/ui/button';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SearchDialog } from './search-dialog';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The top bar's search button; Ctrl/Cmd+K opens the dialog from anywhere. */
export function SearchButton() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        setOpen((v) => !v);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="outline"
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        onClick={() => setOpen(true)}
        className="size-9 px-0 text-muted-foreground sm:w-44 sm:justify-start sm:px-3 lg:w-56"
      >
        <Search aria-hidden="true" />
        <span className="sr-only flex-1 text-left font-normal sm:not-sr-only">Search...</span>
        <kbd className="hidden rounded border bg-muted px-1.5 text-[10px] font-medium sm:inline">
          {isMac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </Button>
      <SearchDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
