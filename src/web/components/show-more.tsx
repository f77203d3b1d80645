import { Button } from '@web/components/ui/button';
import { useState } from 'react';

/**
 * Renders long lists a page at a time, so 2,000 sites stay fast: the first `pageSize` items, then more
 * on demand. Goes back to the first page whenever the list itself changes (a new search, say).
 */
export function useShowMore<T>(items: readonly T[], pageSize = 100) {
  const [state, setState] = useState({ items, limit: pageSize });
  // A new list starts again at the first page (adjusting state during render, as React recommends).
  if (state.items !== items) setState({ items, limit: pageSize });
  const limit = state.items === items ? state.limit : pageSize;
  return {
    visible: items.length > limit ? items.slice(0, limit) : items,
    remaining: Math.max(0, items.length - limit),
    showMore: () => setState((current) => ({ ...current, limit: current.limit + pageSize })),
  };
}

export function ShowMoreButton({ remaining, onClick }: { remaining: number; onClick: () => void }) {
  if (remaining <= 0) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={onClick}>
        Show more ({remaining.toLocaleString('en-US')} remaining)
      </Button>
    </div>
  );
}
