import { HealthDot } from '@web/components/health-badge';
import { cn } from '@web/lib/utils';
import { Activity, FileText, Globe, ListTodo, type LucideIcon, Server, UserRound, Zap } from 'lucide-react';
import {
  type SearchItem,
  type SearchItemType,
  searchTypeLabels,
  searchTypeStyles,
} from '../lib/search/types';

const typeIcons: Record<SearchItemType, LucideIcon> = {
  website: Globe,
  server: Server,
  page: FileText,
  action: Zap,
  client: UserRound,
  monitor: Activity,
  task: ListTodo,
};

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

interface SearchResultsProps {
  listId: string;
  results: readonly SearchItem[];
  highlight: number;
  onHighlight: (index: number) => void;
  onSelect: (item: SearchItem) => void;
}

/** The result list: at most 400px tall, each type coloured and named, a website with its health. */
export function SearchResults({ listId, results, highlight, onHighlight, onSelect }: SearchResultsProps) {
  return (
    <div id={listId} role="listbox" aria-label="Search results" className="max-h-[400px] overflow-y-auto p-2">
      {results.map((item, index) => {
        const Icon = typeIcons[item.type];
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard.
          <div
            key={item.id}
            id={optionId(listId, index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === highlight}
            data-type={item.type}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== highlight && onHighlight(index)}
            onClick={() => onSelect(item)}
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
            {item.health && <HealthDot state={item.health.state} />}
            <span
              className={cn(
                'shrink-0 rounded px-1.5 py-0.5 text-[10px] font-medium uppercase',
                searchTypeStyles[item.type],
              )}
            >
              {searchTypeLabels[item.type]}
            </span>
          </div>
        );
      })}
    </div>
  );
}
