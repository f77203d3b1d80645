import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { ListSummary } from '@web/components/list-summary';
import { ProviderErrorState } from '@web/components/provider-error';
import type { CacheMeta } from '@web/components/sync-status';
import { LoadingState } from '@web/components/ui/spinner';
import { Tabs } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { type ViewMode, ViewTabs } from '@web/components/view-tabs';
import { errorMessage } from '@web/lib/api';
import type { ReactNode } from 'react';

interface ProviderListProps {
  query: UseQueryResult<CacheMeta & { data: unknown[] }>;
  /** Singular noun for the count line: "site", "server", "monitor". */
  noun: string;
  /** The provider's name: a sync under way says how far it has read. */
  provider: string;
  loadingText: string;
  /** "Unable to fetch servers", with the provider's message or `errorFallback` under it. */
  errorTitle: string;
  errorFallback: string;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  /** How many items the filters leave (on the server, for paged lists); 0 shows `empty` instead of the views. */
  shown: number;
  /** How many there are before any filter; the loaded list's length when not given. */
  total?: number;
  empty: ReactNode;
  /** The grid and list TabsContent. */
  children: ReactNode;
}

/**
 * The body every provider list page shares (sites, servers, monitors): loading, the provider's error,
 * the "X of Y" count with cache status, the Grid/List tabs, and the empty state.
 */
export function ProviderList(props: ProviderListProps) {
  const { query } = props;
  if (query.isPending) return <LoadingState text={props.loadingText} className="min-h-[40vh]" />;
  if (query.isError) {
    return <ProviderErrorState title={props.errorTitle} error={query.error} fallback={props.errorFallback} />;
  }
  return (
    <Tabs
      value={props.view}
      onValueChange={(v) => props.onViewChange(v as ViewMode)}
      className="grid grid-cols-1 gap-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <ListSummary
          shown={props.shown}
          total={props.total ?? query.data.data.length}
          noun={props.noun}
          provider={props.provider}
          meta={query.data}
        />
        <ViewTabs />
      </div>
      {props.shown === 0 ? props.empty : props.children}
    </Tabs>
  );
}

/** A Refresh button's handler: refetches from the provider and says so when that fails. */
export function refreshWithToast(
  refresh: UseMutationResult<unknown, Error, void>,
  title: string,
  fallback: string,
): () => void {
  return () =>
    refresh.mutate(undefined, {
      onError: (error) =>
        toast({ title, description: errorMessage(error, fallback), variant: 'destructive' }),
    });
}
