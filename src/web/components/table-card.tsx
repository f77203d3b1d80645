import { Card } from '@web/components/ui/card';
import type { ReactNode } from 'react';

/** A header cell and a body cell of the lists' tables: the first and last keep off the card's edge. */
export const TABLE_HEAD_CELL =
  'h-10 px-2 first:pl-3 last:pr-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground';
export const TABLE_CELL = 'px-2 py-2.5 align-middle first:pl-3 last:pr-3';

/**
 * A list's table in a card that scrolls sideways on a narrow screen; `caption` names it for assistive
 * technology. `head` is the header row's cells, `children` the body rows.
 */
export function TableCard({
  caption,
  head,
  children,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b bg-muted/40">
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </Card>
  );
}
