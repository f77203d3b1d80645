import { TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { LayoutGrid, List } from 'lucide-react';

export type ViewMode = 'grid' | 'list';

/** The view a list's address asks for (`?view=list`), or the page's own default when it names none. */
export function viewOf(value: string | undefined, fallback: ViewMode): ViewMode {
  return value === 'grid' || value === 'list' ? value : fallback;
}

/** The Grid View / List View switch of the provider lists (inside a Tabs root). */
export function ViewTabs() {
  return (
    <TabsList aria-label="View">
      <TabsTrigger value="grid">
        <LayoutGrid aria-hidden="true" />
        Grid View
      </TabsTrigger>
      <TabsTrigger value="list">
        <List aria-hidden="true" />
        List View
      </TabsTrigger>
    </TabsList>
  );
}
