import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import type { ReactNode } from 'react';

/** A card section's data: a loading line, the error, or the section drawn from the data. */
export function SectionQuery<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  /** "Loading sessions..." */
  loading: string;
  /** Shown when the server gives no message. */
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> {loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive-text">
        {errorMessage(query.error, failed)}
      </p>
    );
  }
  return children(query.data);
}
